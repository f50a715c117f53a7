import Foundation
import PackagePlugin

/// The command plugin: `swift package --allow-writing-to-package-directory generate-settings-bundle
/// [--target T] [--output DIR]` writes `Settings.bundle` (Root.plist, a plist per other suite's screen,
/// en.lproj/Root.strings) and `Settings.md` (a reference of every setting) for each target whose schema declares a
/// `settingsBundle`, next to the schema unless `--output` names a folder (relative to the package).
@main
struct GenerateSettingsBundle: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let named = extractor.extractOption(named: "target")
        let outputs = extractor.extractOption(named: "output")
        if let unknown = extractor.remainingArguments.first {
            throw DefaultsPluginError(description: "unknown argument '\(unknown)'; usage: generate-settings-bundle [--target NAME]... [--output DIR]")
        }
        guard outputs.count <= 1 else { throw DefaultsPluginError(description: "give --output once") }
        let generator = try context.tool(named: "typed-defaults-gen").url
        var written = 0
        for (module, schema) in try schemasOfTargets(context, named: named) {
            // Without --target, only schemas that declare a Settings bundle are used.
            if named.isEmpty, let text = try? String(contentsOf: schema, encoding: .utf8), !text.contains("\"settingsBundle\"") { continue }
            let folder = outputs.first.map { context.package.directoryURL.appendingPathComponent($0) }
                ?? schema.deletingLastPathComponent()
            let bundle = folder.appendingPathComponent("Settings.bundle")
            let reference = folder.appendingPathComponent("Settings.md")
            try runGenerator(generator, [schema.path, "--settings-bundle", bundle.path, "--reference", reference.path, "--namespace", module.name],
                             target: module.name)
            print("Generated \(bundle.path) and \(reference.path)")
            written += 1
        }
        if written == 0 {
            throw DefaultsPluginError(description: "no target has a \(schemaFileName) with a \"settingsBundle\"; add one, or name a target with --target")
        }
    }
}
