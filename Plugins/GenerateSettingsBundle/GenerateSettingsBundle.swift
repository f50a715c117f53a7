import Foundation
import PackagePlugin

/// The command plugin: `swift package --allow-writing-to-package-directory generate-settings-bundle
/// [--target T] [--output DIR]` writes `Settings.bundle` (Root.plist, a plist per other suite's screen,
/// en.lproj/Root.strings) and `Settings.md` (a reference of every setting) for each target whose schema declares a
/// `settingsBundle`, next to the schema unless `--output` names a folder (relative to the package).
@main
struct GenerateSettingsBundle: CommandPlugin {
    static let usage = "generate-settings-bundle [--target NAME]... [--output DIR]"

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let options = try commandOptions(arguments, ["target", "output"], usage: Self.usage)
        let named = options["target"] ?? []
        try Self.write(for: try commandTargets(context, named: named), named: !named.isEmpty, onlyWithBundle: named.isEmpty,
                       output: try Self.output(options, root: context.package.directoryURL),
                       generator: try context.tool(named: "typed-defaults-gen").url)
    }

    /// The `--output` folder, given at most once, relative to `root` (the package's or the project's folder).
    static func output(_ options: [String: [String]], root: URL) throws -> URL? {
        let outputs = options["output"] ?? []
        guard outputs.count <= 1 else { throw DefaultsPluginError(description: "give --output once") }
        return outputs.first.map { root.appendingPathComponent($0) }
    }

    /// Writes each target's bundle and reference, next to its schema or into `output`. With `onlyWithBundle`, a schema
    /// that declares no `settingsBundle` is skipped (else the generator reports it).
    static func write(for targets: [CommandTarget], named: Bool, onlyWithBundle: Bool, output: URL?, generator: URL) throws {
        var written = 0
        for (target, schema) in try schemasOfTargets(targets, named: named) {
            if onlyWithBundle, let text = try? String(contentsOf: schema, encoding: .utf8), !text.contains("\"settingsBundle\"") {
                if named { print("Skipped target '\(target.name)': its \(schemaFileName) declares no \"settingsBundle\"") }
                continue
            }
            let folder = output ?? schema.deletingLastPathComponent()
            let bundle = folder.appendingPathComponent("Settings.bundle")
            let reference = folder.appendingPathComponent("Settings.md")
            try runGenerator(generator, [schema.path, "--settings-bundle", bundle.path, "--reference", reference.path, "--namespace", target.name],
                             target: target.name)
            print("Generated \(bundle.path) and \(reference.path)")
            written += 1
        }
        if written == 0 {
            throw DefaultsPluginError.noTargetWithSchema(declaring: "\"settingsBundle\"")
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In an Xcode project (right-click the project in the Project navigator, then GenerateSettingsBundle): the same, for
/// the project's targets, named by their display names, with `--output` relative to the project's folder. Where it
/// differs: Xcode gives a plugin a target's member files, not its folder, so the schema must be a member of the target
/// (a `defaults.json` in the target's folder that is not one is reported at that file, with the fix), and a target
/// Xcode passes whose schema is missing or declares no `settingsBundle` is skipped. Add the written `Settings.bundle`
/// to the app target to ship it.
extension GenerateSettingsBundle: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let options = try commandOptions(arguments, ["target", "output"], usage: Self.usage)
        let named = options["target"] ?? []
        try Self.write(for: try commandTargets(context, named: named), named: !named.isEmpty, onlyWithBundle: true,
                       output: try Self.output(options, root: context.xcodeProject.directoryURL),
                       generator: try context.tool(named: "typed-defaults-gen").url)
    }
}
#endif
