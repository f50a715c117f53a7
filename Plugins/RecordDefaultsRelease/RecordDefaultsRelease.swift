import Foundation
import PackagePlugin

/// The command plugin: `swift package --allow-writing-to-package-directory record-defaults-release --version 1.4
/// [--target T]` records what each target's schema stores as release 1.4 in `defaults.releases.json` beside it.
/// Every later build checks the schema against each recorded release.
@main
struct RecordDefaultsRelease: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let named = extractor.extractOption(named: "target")
        let versions = extractor.extractOption(named: "version")
        if let unknown = extractor.remainingArguments.first {
            throw DefaultsPluginError(description: "unknown argument '\(unknown)'; usage: record-defaults-release --version VERSION [--target NAME]...")
        }
        guard versions.count == 1, let version = versions.first else {
            throw DefaultsPluginError(description: "give the release's version once: record-defaults-release --version 1.4")
        }
        let targets = named.isEmpty ? context.package.targets : try context.package.targets(named: named)
        let generator = try context.tool(named: "typed-defaults-gen").url
        var recorded = 0
        for case let module as SourceModuleTarget in targets {
            let files = filesUnder(module.directoryURL)
            if named.isEmpty, !files.contains(where: { $0.lastPathComponent == schemaFileName }) { continue }
            let schema = try findSchema(in: files, target: module.name, whenMissing: .noSchemaForCommand(target: module.name))
            try runGenerator(generator, [schema.path, "--record-release", version, "--namespace", module.name], target: module.name)
            recorded += 1
        }
        if recorded == 0 {
            throw DefaultsPluginError(description: "no target has a \(schemaFileName); add one, or name a target with --target")
        }
    }
}
