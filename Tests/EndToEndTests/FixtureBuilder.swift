import Foundation
import TestSupport

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

    static func fixture(_ name: String) -> URL { root.appendingPathComponent("Fixtures/\(name)") }

    /// Runs a product built by ``build(_:directory:)``.
    static func run(product: String) throws -> ProcessResult {
        try runProcess(scratchPath.appendingPathComponent("debug/\(product)"), [])
    }
}
