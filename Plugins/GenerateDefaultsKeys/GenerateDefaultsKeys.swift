import Foundation
import PackagePlugin

/// The command plugin: `swift package --allow-writing-to-package-directory generate-defaults-keys [--target T]`
/// writes the generated file next to each target's schema (found anywhere in the target's folder, even when
/// excluded from its sources), for teams that commit generated code.
@main
struct GenerateDefaultsKeys: CommandPlugin {
    static let usage = "generate-defaults-keys [--target NAME]..."

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let named = try commandOptions(arguments, ["target"], usage: Self.usage)["target"] ?? []
        try Self.generate(for: try commandTargets(context, named: named), named: !named.isEmpty,
                          generator: try context.tool(named: "typed-defaults-gen").url, root: context.package.directoryURL)
    }

    /// Writes each target's generated file next to its schema. The generator runs from `root` (the package's or the
    /// project's folder) with the schema's path from there: the committed file's `#sourceLocation` lines then name
    /// `Sources/App/defaults.json`, not this machine's folders.
    static func generate(for targets: [CommandTarget], named: Bool, generator: URL, root: URL) throws {
        var generated = 0
        for (target, schema) in try schemasOfTargets(targets, named: named) {
            let output = schema.deletingLastPathComponent().appendingPathComponent(generatedFileName)
            let arguments = generatorArguments(schemaPath: relativePath(of: schema, from: root), output: output,
                                               target: target.name, resourceBundle: target.resourceBundle)
            try runGenerator(generator, arguments, target: target.name, in: root)
            print("Generated \(output.path)")
            generated += 1
        }
        if generated == 0 {
            throw DefaultsPluginError.noTargetWithSchema()
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In an Xcode project (right-click the project in the Project navigator, then GenerateDefaultsKeys): the same, for
/// the project's targets, named by their display names. Where it differs: Xcode gives a plugin a target's member files,
/// not its folder, so the schema must be a member of the target (a `defaults.json` in the target's folder that is not
/// one is reported at that file, with the fix), and a target Xcode passes that has no schema is skipped. The
/// generated file's `#sourceLocation` lines name the schema from the project's folder (`MyApp/defaults.json`).
extension GenerateDefaultsKeys: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let named = try commandOptions(arguments, ["target"], usage: Self.usage)["target"] ?? []
        try Self.generate(for: try commandTargets(context, named: named), named: !named.isEmpty,
                          generator: try context.tool(named: "typed-defaults-gen").url, root: context.xcodeProject.directoryURL)
    }
}
#endif
