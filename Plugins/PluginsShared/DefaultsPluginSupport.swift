// Shared by every plugin through symbolic links (plugins cannot depend on a library target).
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
    /// The file the error is about, when it is about one: it is then reported there (see `reportedAtItsFile()`).
    var file: URL? = nil

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

    /// A command plugin found nothing to act on.
    static func noTargetWithSchema(declaring field: String? = nil) -> DefaultsPluginError {
        DefaultsPluginError(description: """
            no target has a \(schemaFileName)\(field.map { " with a \($0)" } ?? "") (in an Xcode project: among its member \
            files); add one, or name a target with --target
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

extension DefaultsPluginError {
    /// Emits this error at its file, when it has one (Xcode shows it there, SwiftPM prints the path), and returns a
    /// short error to throw that points at it; returns itself otherwise.
    func reportedAtItsFile() -> DefaultsPluginError {
        guard let file else { return self }
        Diagnostics.error(description, file: file.path, line: nil)
        return DefaultsPluginError(description: "stopped by the error reported at \(file.path)")
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

/// A target as a command plugin sees it, in a package or in an Xcode project: its name (the package target's name,
/// or the Xcode target's display name) and the files its schema is looked for among.
///
/// Where the two differ: a package target gives its whole folder, so a schema excluded from the target's sources (as
/// a team that commits generated code does) is found; an Xcode target gives only its member files
/// (`XcodeTarget.inputFiles`), so a `defaults.json` that is not a member of the target is not found.
struct CommandTarget {
    /// The name `--target` matches, and the key list's namespace.
    let name: String
    /// The files the schema is looked for among.
    let files: [URL]
    /// The package target's resource bundle (see `resourceBundleName(of:in:)`); `nil` in Xcode.
    let resourceBundle: String?
    /// For a target named with `--target` that has no schema among `files`: the error, or `nil` to skip the target.
    let missingSchema: DefaultsPluginError?
}

/// For a command plugin: each target with its schema, in the order given. With `--target` names (`named`), each named
/// target, one without a schema reported by its `missingSchema` (or skipped); without, every target that has a schema.
func schemasOfTargets(_ targets: [CommandTarget], named: Bool) throws -> [(target: CommandTarget, schema: URL)] {
    var found: [(target: CommandTarget, schema: URL)] = []
    for target in targets {
        let hasSchema = target.files.contains { $0.lastPathComponent == schemaFileName }
        if !hasSchema, !named || target.missingSchema == nil {
            if named { print("Skipped target '\(target.name)': no \(schemaFileName) among its files") }
            continue
        }
        do {
            found.append((target, try findSchema(in: target.files, target: target.name, whenMissing: target.missingSchema)))
        } catch let error as DefaultsPluginError {
            throw error.reportedAtItsFile()
        }
    }
    return found
}

/// For a command plugin in a package: the targets named with `--target`, or every target, each with its folder.
func commandTargets(_ context: PluginContext, named: [String]) throws -> [CommandTarget] {
    let targets = named.isEmpty ? context.package.targets : try context.package.targets(named: named)
    return targets.compactMap { target in
        guard let module = target as? SourceModuleTarget else { return nil }
        // The target's folder, not its source files: a team that commits generated code excludes the schema.
        return CommandTarget(name: module.name, files: filesUnder(module.directoryURL),
                             resourceBundle: resourceBundleName(of: module, in: context.package),
                             missingSchema: .noSchemaForCommand(target: module.name))
    }
}

/// A command plugin's options (`--target NAME`, …), each possibly given several times; any other argument is
/// refused with the usage.
func commandOptions(_ arguments: [String], _ options: [String], usage: String) throws -> [String: [String]] {
    var extractor = ArgumentExtractor(arguments)
    var values: [String: [String]] = [:]
    for option in options {
        values[option] = extractor.extractOption(named: option)
    }
    if let unknown = extractor.remainingArguments.first {
        throw DefaultsPluginError(description: "unknown argument '\(unknown)'; usage: \(usage)")
    }
    return values
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

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

// In an Xcode project a plugin sees a target through what Xcode gives: its display name and its member files
// (`inputFiles`), not a folder. A `defaults.json` that is not a member of the target (a membership exception in a
// folder-synchronized group, or a file never added to the target) is invisible to every plugin there.

/// For a command plugin in an Xcode project: the targets named with `--target` (display names), or every target.
///
/// Xcode passes a `--target` for each target chosen in its dialog, so a named target with no schema among its files is
/// skipped (with a line saying so) unless its folder holds a `defaults.json` that is not a member of it: that is an
/// error, reported at the file, saying how to make it one.
func commandTargets(_ context: XcodePluginContext, named: [String]) throws -> [CommandTarget] {
    let project = context.xcodeProject
    let unknown = named.filter { name in !project.targets.contains { $0.displayName == name } }
    guard unknown.isEmpty else {
        throw DefaultsPluginError(description: """
            no target named \(unknown.map { "'\($0)'" }.joined(separator: ", ")) in project '\(project.displayName)'; \
            its targets: \(project.targets.map(\.displayName).joined(separator: ", "))
            """)
    }
    return project.targets.filter { named.isEmpty || named.contains($0.displayName) }.map { target in
        let files = target.inputFiles.map(\.url)
        let hasSchema = files.contains { $0.lastPathComponent == schemaFileName }
        return CommandTarget(name: target.displayName, files: files, resourceBundle: nil,
                             missingSchema: hasSchema || named.isEmpty ? nil : schemaOutsideTarget(target, in: project, reader: "command plugins read"))
    }
}

/// For an Xcode target whose folder (`<project>/<target>/`, where Xcode's templates put a target's files) holds a
/// `defaults.json` that is not among the target's member files: the error at that file, with the fix; else `nil`.
/// `reader` says who reads only member files ("TypedDefaultsPlugin reads").
func schemaOutsideTarget(_ target: XcodeTarget, in project: XcodeProject, reader: String) -> DefaultsPluginError? {
    let members = Set(target.inputFiles.map { $0.url.standardizedFileURL.path })
    let folder = project.directoryURL.appendingPathComponent(target.displayName)
    guard let outside = filesUnder(folder).filter({ $0.lastPathComponent == schemaFileName })
        .first(where: { !members.contains($0.standardizedFileURL.path) }) else { return nil }
    return DefaultsPluginError(description: """
        \(schemaFileName) is not a member of target '\(target.displayName)', and in an Xcode project \(reader) only a \
        target's member files; select it and tick '\(target.displayName)' under Target Membership in the File inspector \
        (Xcode then also copies it into the product as a resource: see docs/Xcode.md, "Where defaults.json lives")
        """, file: outside)
}

/// The build-tool plugin's error for an Xcode target with no schema among its member files.
func noSchemaInXcodeTarget(_ target: XcodeTarget, in project: XcodeProject) -> DefaultsPluginError {
    schemaOutsideTarget(target, in: project, reader: "TypedDefaultsPlugin reads") ?? DefaultsPluginError(description: """
        target '\(target.displayName)' uses TypedDefaultsPlugin but has no \(schemaFileName) among its member files; \
        add one to the target (for example {"keys": {"launchCount": 0}} in the target's folder, a member of the \
        target), or remove the plugin from the target's Run Build Tool Plug-ins build phase
        """)
}
#endif
