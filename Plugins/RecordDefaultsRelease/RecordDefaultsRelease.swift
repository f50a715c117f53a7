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
        let generator = try context.tool(named: "typed-defaults-gen").url
        var recorded = 0
        for (module, schema) in try schemasOfTargets(context, named: named) {
            try runGenerator(generator, [schema.path, "--record-release", version, "--namespace", module.name], target: module.name)
            recorded += 1
        }
        if recorded == 0 {
            throw DefaultsPluginError(description: "no target has a \(schemaFileName); add one, or name a target with --target")
        }
    }
}
