// Shared by both plugins through symbolic links (plugins cannot depend on a library target).
import Foundation
import PackagePlugin

/// The schema file name the plugins look for.
let schemaFileName = "defaults.json"

/// The release record beside the schema, read by every generator run when it exists.
let releasesFileName = "defaults.releases.json"

/// The generated file's name: distinct from any name a user would pick for a file of their own.
let generatedFileName = "GeneratedDefaultsKeys.swift"

/// A problem with a target's setup, with the fix.
struct DefaultsPluginError: Error, CustomStringConvertible {
    let description: String

    static func noSchema(target: String) -> DefaultsPluginError {
        DefaultsPluginError(description: """
            target '\(target)' uses TypedDefaultsPlugin but has no \(schemaFileName); add one to the target's \
            sources (for example {"keys": {"launchCount": 0}}), or remove the plugin from the target
            """)
    }

    static func noSchemaForCommand(target: String) -> DefaultsPluginError {
        DefaultsPluginError(description: """
            target '\(target)' has no \(schemaFileName) in its folder; add one (for example \
            {"keys": {"launchCount": 0}}), or leave out --target \(target)
            """)
    }

    static func severalSchemas(target: String, paths: [String]) -> DefaultsPluginError {
        DefaultsPluginError(description: """
            target '\(target)' has \(paths.count) \(schemaFileName) files; keep exactly one: \
            \(paths.joined(separator: ", "))
            """)
    }

    static func generatorFailed(target: String, status: Int32) -> DefaultsPluginError {
        DefaultsPluginError(description: "typed-defaults-gen failed for target '\(target)' (exit code \(status)); see the errors above")
    }
}

/// The one `defaults.json` among a target's files, wherever it lies in the target.
func findSchema(in files: [URL], target: String, whenMissing missing: DefaultsPluginError? = nil) throws -> URL {
    let schemas = files.filter { $0.lastPathComponent == schemaFileName }.sorted { $0.path < $1.path }
    switch schemas.count {
    case 0: throw missing ?? DefaultsPluginError.noSchema(target: target)
    case 1: return schemas[0]
    default: throw DefaultsPluginError.severalSchemas(target: target, paths: schemas.map(\.path))
    }
}

/// The generator's arguments: the schema, the output, and the target's name for the key list's namespace.
func generatorArguments(schemaPath: String, output: URL, target: String, resourceBundle: String?) -> [String] {
    // A package target with resources has a resource bundle (`Bundle.module`), where its string catalog is compiled
    // to: titles are translated there. Without resources (and in Xcode targets) the module's own bundle.
    [schemaPath, "--output", output.path, "--namespace", target] + (resourceBundle.map { ["--resource-bundle", $0] } ?? [])
}

/// The name of a package target's resource bundle, `<package>_<target>` as SwiftPM (and Xcode) names it, when the
/// target has resources; `nil` otherwise (SwiftPM makes no bundle, and no `Bundle.module`).
func resourceBundleName(of module: SourceModuleTarget, in package: Package) -> String? {
    module.sourceFiles.contains { $0.type == .resource } ? "\(package.displayName)_\(module.name)" : nil
}

/// `url`'s path from `directory` (`Sources/App/defaults.json`) when it lies inside it, else its absolute path: a
/// generated file that is committed names its schema so (in `#sourceLocation`), never a machine's own folders.
func relativePath(of url: URL, from directory: URL) -> String {
    let base = directory.standardizedFileURL.resolvingSymlinksInPath().path
    let full = url.standardizedFileURL.resolvingSymlinksInPath().path
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : url.path
}

/// The build command that turns a target's schema into Swift: declared inputs (schema and generator) and one
/// fixed output, so a no-op build runs nothing and an edited schema regenerates.
func generateKeysCommand(target: String, files: [URL], workDirectory: URL, generator: URL, resourceBundle: String? = nil) throws -> Command {
    let schema = try findSchema(in: files, target: target)
    let output = workDirectory.appendingPathComponent(generatedFileName)
    return .buildCommand(
        displayName: "Generating DefaultsKeys for \(target) from \(schemaFileName)",
        executable: generator,
        arguments: generatorArguments(schemaPath: schema.path, output: output, target: target, resourceBundle: resourceBundle),
        // The release record, when there is one: recording a release re-checks the schema.
        inputFiles: [schema, generator] + files.filter { $0.lastPathComponent == releasesFileName && $0.deletingLastPathComponent() == schema.deletingLastPathComponent() },
        outputFiles: [output]
    )
}

/// For a command plugin: each target with its schema. With `--target` names, each named target (one without a
/// schema is an error); without, every target that has a schema.
func schemasOfTargets(_ context: PluginContext, named: [String]) throws -> [(module: SourceModuleTarget, schema: URL)] {
    let targets = named.isEmpty ? context.package.targets : try context.package.targets(named: named)
    var found: [(module: SourceModuleTarget, schema: URL)] = []
    for case let module as SourceModuleTarget in targets {
        // The target's folder, not its source files: a team that commits generated code excludes the schema.
        let files = filesUnder(module.directoryURL)
        if named.isEmpty, !files.contains(where: { $0.lastPathComponent == schemaFileName }) { continue }
        found.append((module, try findSchema(in: files, target: module.name, whenMissing: .noSchemaForCommand(target: module.name))))
    }
    return found
}

/// Every file under `directory`, for command plugins (a schema excluded from the target's sources is found too).
func filesUnder(_ directory: URL) -> [URL] {
    let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    return (enumerator?.allObjects as? [URL]) ?? []
}

/// Runs the generator for a command plugin; its errors are already printed when it fails.
func runGenerator(_ generator: URL, _ arguments: [String], target: String, in directory: URL? = nil) throws {
    let process = Process()
    process.executableURL = generator
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw DefaultsPluginError.generatorFailed(target: target, status: process.terminationStatus)
    }
}
