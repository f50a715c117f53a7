import Foundation
import PackagePlugin

/// The command plugin: `swift package --allow-writing-to-package-directory record-defaults-release --version 1.4
/// [--target T]` records what each target's schema stores as release 1.4 in `defaults.releases.json` beside it.
/// Every later build checks the schema against each recorded release.
@main
struct RecordDefaultsRelease: CommandPlugin {
    static let usage = "record-defaults-release --version VERSION [--target NAME]..."

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let options = try commandOptions(arguments, ["target", "version"], usage: Self.usage)
        let named = options["target"] ?? []
        try Self.record(try Self.version(options), for: try commandTargets(context, named: named), named: !named.isEmpty,
                        generator: try context.tool(named: "typed-defaults-gen").url)
    }

    /// The one `--version` given.
    static func version(_ options: [String: [String]]) throws -> String {
        guard let versions = options["version"], versions.count == 1, let version = versions.first else {
            throw DefaultsPluginError(description: "give the release's version once: record-defaults-release --version 1.4")
        }
        return version
    }

    /// Records the release beside each target's schema (the generator says where).
    static func record(_ version: String, for targets: [CommandTarget], named: Bool, generator: URL) throws {
        var recorded = 0
        for (target, schema) in try schemasOfTargets(targets, named: named) {
            try runGenerator(generator, [schema.path, "--record-release", version, "--namespace", target.name], target: target.name)
            recorded += 1
        }
        if recorded == 0 {
            throw DefaultsPluginError.noTargetWithSchema()
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In an Xcode project (right-click the project in the Project navigator, then RecordDefaultsRelease, with
/// `--version 1.4` as its argument): the same, for the project's targets, named by their display names. Where it
/// differs: Xcode gives a plugin a target's member files, not its folder, so the schema must be a member of the target
/// (a `defaults.json` in the target's folder that is not one is reported at that file, with the fix), and a target
/// Xcode passes that has no schema is skipped. The record is written beside the schema; commit it.
extension RecordDefaultsRelease: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let options = try commandOptions(arguments, ["target", "version"], usage: Self.usage)
        let named = options["target"] ?? []
        try Self.record(try Self.version(options), for: try commandTargets(context, named: named), named: !named.isEmpty,
                        generator: try context.tool(named: "typed-defaults-gen").url)
    }
}
#endif
