import Foundation
import TestSupport
import Testing

/// Builds the packages under Fixtures/ with `swift build`, all in one scratch path (`.build-fixtures`), so the
/// root package is compiled once per run and each fixture after the first takes seconds.
enum FixtureBuilder {
    static let root = repositoryRoot
    static let scratchPath = root.appendingPathComponent(".build-fixtures")

    /// Runs `swift SUBCOMMAND` on the package at `directory`, in the shared scratch path.
    static func swift(_ subcommand: String, _ arguments: [String], in directory: URL) throws -> ProcessResult {
        try runSwift(subcommand, package: directory, ["--scratch-path", scratchPath.path] + arguments)
    }

    /// `swift build` of the fixture package `name` (or of a package at `directory`).
    static func build(_ name: String, directory: URL? = nil) throws -> ProcessResult {
        try swift("build", [], in: directory ?? fixture(name))
    }

    /// Builds the fixture `name`, expecting success with no warning and no unhandled file, then runs `product`
    /// (the fixture's name unless given) and returns what it printed.
    static func buildCleanlyAndRun(_ name: String, product: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let build = try build(name)
        #expect(build.status == 0, "\(build.output)", sourceLocation: sourceLocation)
        #expect(!build.output.contains("warning:"), "\(build.output)", sourceLocation: sourceLocation)
        #expect(!build.output.contains("unhandled"), "\(build.output)", sourceLocation: sourceLocation)
        return try run(product: product ?? name).output
    }

    static func fixture(_ name: String) -> URL { root.appendingPathComponent("Fixtures/\(name)") }

    /// Removes the compiled objects and incremental-build records the shared scratch path holds of the target
    /// `name` (not the files SwiftPM plans with, such as its output file map), so the next build compiles it whole.
    static func forgetBuiltTarget(named name: String) {
        let fileManager = FileManager.default
        guard let items = fileManager.enumerator(at: scratchPath, includingPropertiesForKeys: nil) else { return }
        var doomed: [URL] = []
        for case let item as URL in items {
            let parent = item.deletingLastPathComponent().lastPathComponent
            let compiled = ["o", "swiftdeps", "priors", "d", "dia"].contains(item.pathExtension)
            if (parent == "\(name).build" && compiled) || (parent == "Modules" && item.lastPathComponent.hasPrefix("\(name).")) {
                doomed.append(item)
            }
        }
        for item in doomed { try? fileManager.removeItem(at: item) }
    }

    /// A copy of the fixture `name` in a temporary folder, its manifest pointing at this repository: for the
    /// command plugins, which write into the package (the repository's fixture stays as committed). Remove it
    /// when done.
    static func temporaryCopy(of name: String) throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: fixture(name), to: copy)
        let manifest = copy.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(of: "path: \"../..\"", with: "path: \"\(root.path)\"")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        return copy
    }

    /// Puts version `version` of a fixture copy's sources in place: the files under `Versions/<version>/` (the schema
    /// and `main.swift`, where the version has them) replace those of `Sources/<target>/`.
    static func install(version: String, of copy: URL, target: String) throws {
        let sources = copy.appendingPathComponent("Sources/\(target)")
        for file in ["defaults.json", "main.swift"] {
            let source = copy.appendingPathComponent("Versions/\(version)/\(file)")
            guard FileManager.default.fileExists(atPath: source.path) else { continue }
            let destination = sources.appendingPathComponent(file)
            try FileManager.default.removeItem(at: destination)
            try FileManager.default.copyItem(at: source, to: destination)
        }
    }

    /// Runs a product built by ``build(_:directory:)`` with `arguments`.
    static func runProcessOf(product: String, _ arguments: [String]) throws -> ProcessResult {
        try runProcess(scratchPath.appendingPathComponent("debug/\(product)"), arguments)
    }

    /// Runs a product built by ``build(_:directory:)``, with `environment` added to this process's.
    static func run(product: String, environment: [String: String] = [:]) throws -> ProcessResult {
        try runProcess(scratchPath.appendingPathComponent("debug/\(product)"), [],
                       environment: environment.isEmpty ? nil : ProcessInfo.processInfo.environment.merging(environment) { $1 })
    }
}
