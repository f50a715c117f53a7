import Foundation
import PackagePlugin

/// The build-tool plugin: `swift build` turns the target's `defaults.json` into typed `DefaultsKeys`.
@main
struct TypedDefaultsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        return [
            try generateKeysCommand(
                target: target.name,
                files: module.sourceFiles.map(\.url),
                workDirectory: context.pluginWorkDirectoryURL,
                generator: try context.tool(named: "typed-defaults-gen").url,
                resourceBundle: resourceBundleName(of: module, in: context.package)
            ),
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In an Xcode project (the target's Build Phases › Run Build Tool Plug-ins): the same, for the target's member files
/// (`inputFiles`), the key list named after the target's display name. Where it differs: Xcode gives a plugin a
/// target's member files, not its folder, so `defaults.json` must be a member of the target (as a JSON file it is then
/// also copied into the product as a resource); one in the target's folder that is not a member is reported at that
/// file, with the fix. Titles translate through the target's own bundle.
extension TypedDefaultsPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url)
        guard files.contains(where: { $0.lastPathComponent == schemaFileName }) else {
            throw noSchemaInXcodeTarget(target, in: context.xcodeProject).reportedAtItsFile()
        }
        return [
            try generateKeysCommand(
                target: target.displayName,
                files: files,
                workDirectory: context.pluginWorkDirectoryURL,
                generator: try context.tool(named: "typed-defaults-gen").url
            ),
        ]
    }
}
#endif
