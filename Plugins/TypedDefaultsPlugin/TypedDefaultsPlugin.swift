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

extension TypedDefaultsPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        [
            try generateKeysCommand(
                target: target.displayName,
                files: target.inputFiles.map(\.url),
                workDirectory: context.pluginWorkDirectoryURL,
                generator: try context.tool(named: "typed-defaults-gen").url
            ),
        ]
    }
}
#endif
