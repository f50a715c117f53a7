import Foundation
import PackagePlugin

/// The command plugin: `swift package --allow-writing-to-package-directory generate-settings-bundle
/// [--target T] [--output DIR]` writes `Settings.bundle` (Root.plist, a plist per other suite's screen,
/// en.lproj/Root.strings) and `Settings.md` (a reference of every setting) for each target whose schema declares a
/// `settingsBundle`, next to the schema unless `--output` names a folder (relative to the package). With `--bundle-id ID`
/// (the app's bundle identifier), also `AppConfig.xml`, the AppConfig specfile of a schema's managed keys
/// (`"managed": true`), for a target whose schema has some, with or without a `settingsBundle`.
@main
struct GenerateSettingsBundle: CommandPlugin {
    static let usage = "generate-settings-bundle [--target NAME]... [--output DIR] [--bundle-id ID]"

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let options = try commandOptions(arguments, ["target", "output", "bundle-id"], usage: Self.usage)
        let named = options["target"] ?? []
        try Self.write(for: try commandTargets(context, named: named), named: !named.isEmpty, onlyWithBundle: named.isEmpty,
                       output: try Self.output(options, root: context.package.directoryURL), bundleID: try Self.bundleID(options),
                       generator: try context.tool(named: "typed-defaults-gen").url)
    }

    /// The `--bundle-id`, given at most once.
    static func bundleID(_ options: [String: [String]]) throws -> String? {
        let given = options["bundle-id"] ?? []
        guard given.count <= 1 else { throw DefaultsPluginError(description: "give --bundle-id once") }
        return given.first
    }

    /// The `--output` folder, given at most once, relative to `root` (the package's or the project's folder).
    static func output(_ options: [String: [String]], root: URL) throws -> URL? {
        let outputs = options["output"] ?? []
        guard outputs.count <= 1 else { throw DefaultsPluginError(description: "give --output once") }
        return outputs.first.map { root.appendingPathComponent($0) }
    }

    /// Writes each target's bundle and reference, next to its schema or into `output`. With `onlyWithBundle`, a schema
    /// that declares no `settingsBundle` is skipped (else the generator reports it).
    static func write(for targets: [CommandTarget], named: Bool, onlyWithBundle: Bool, output: URL?, bundleID: String? = nil,
                      generator: URL) throws {
        var written = 0
        for (target, schema) in try schemasOfTargets(targets, named: named) {
            let text = try? String(contentsOf: schema, encoding: .utf8)
            let hasBundle = text.map { $0.contains("\"settingsBundle\"") } ?? true
            // A schema that names "managed" may mark a key managed; the generator says so if none is.
            let writesAppConfig = bundleID != nil && text.map { $0.contains("\"managed\"") } == true
            if onlyWithBundle, !hasBundle, !writesAppConfig {
                if named { print("Skipped target '\(target.name)': its \(schemaFileName) declares no \"settingsBundle\"") }
                continue
            }
            let folder = output ?? schema.deletingLastPathComponent()
            let bundle = folder.appendingPathComponent("Settings.bundle")
            let reference = folder.appendingPathComponent("Settings.md")
            var arguments = [schema.path]
            var files: [String] = []
            // A target named without a bundle still asks for one (the generator says what is missing), unless it has
            // a specfile to write instead.
            if hasBundle || (!onlyWithBundle && !writesAppConfig) {
                arguments += ["--settings-bundle", bundle.path]
                files.append(bundle.path)
            }
            arguments += ["--reference", reference.path]
            files.append(reference.path)
            if writesAppConfig, let bundleID {
                let specfile = folder.appendingPathComponent("AppConfig.xml")
                arguments += ["--appconfig", specfile.path, "--bundle-id", bundleID]
                files.append(specfile.path)
            }
            try runGenerator(generator, arguments + ["--namespace", target.name], target: target.name)
            print("Generated \(files.dropLast().joined(separator: ", "))\(files.count > 1 ? " and " : "")\(files.last ?? "")")
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
        let options = try commandOptions(arguments, ["target", "output", "bundle-id"], usage: Self.usage)
        let named = options["target"] ?? []
        try Self.write(for: try commandTargets(context, named: named), named: !named.isEmpty, onlyWithBundle: true,
                       output: try Self.output(options, root: context.xcodeProject.directoryURL), bundleID: try Self.bundleID(options),
                       generator: try context.tool(named: "typed-defaults-gen").url)
    }
}
#endif
