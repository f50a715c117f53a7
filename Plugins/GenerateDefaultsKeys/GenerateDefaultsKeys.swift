import Foundation
import PackagePlugin

/// The command plugin: `swift package --allow-writing-to-package-directory generate-defaults-keys [--target T]`
/// writes the generated file next to each target's schema (found anywhere in the target's folder, even when
/// excluded from its sources), for teams that commit generated code.
@main
struct GenerateDefaultsKeys: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let named = extractor.extractOption(named: "target")
        if let unknown = extractor.remainingArguments.first {
            throw DefaultsPluginError(description: "unknown argument '\(unknown)'; usage: generate-defaults-keys [--target NAME]...")
        }
        let generator = try context.tool(named: "typed-defaults-gen").url
        var generated = 0
        for (module, schema) in try schemasOfTargets(context, named: named) {
            let output = schema.deletingLastPathComponent().appendingPathComponent(generatedFileName)
            // Run from the package's folder with the schema's path from there: the committed file's
            // `#sourceLocation` lines then name `Sources/App/defaults.json`, not this machine's folders.
            let package = context.package.directoryURL
            let arguments = generatorArguments(schemaPath: relativePath(of: schema, from: package), output: output,
                                               target: module.name, resourceBundle: resourceBundleName(of: module, in: context.package))
            try runGenerator(generator, arguments, target: module.name, in: package)
            print("Generated \(output.path)")
            generated += 1
        }
        if generated == 0 {
            throw DefaultsPluginError(description: "no target has a \(schemaFileName); add one, or name a target with --target")
        }
    }
}
