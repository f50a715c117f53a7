import Foundation

/// Builds the packages under Fixtures/ with `swift build`, all in one scratch path (`.build-fixtures`), so the
/// root package is compiled once per run and each fixture after the first takes seconds.
enum FixtureBuilder {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let scratchPath = root.appendingPathComponent(".build-fixtures")

    struct Result {
        var status: Int32
        var output: String
    }

    /// Runs `swift` with `arguments` on the package at `directory`; standard output and error together.
    ///
    /// The package is named with `--package-path`: SwiftPM otherwise trusts the inherited `PWD` (the
    /// repository root, under `swift test`) over the working directory.
    static func swift(_ arguments: [String], in directory: URL) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var subcommand = arguments
        subcommand.insert(contentsOf: ["--package-path", directory.path], at: 1)
        process.arguments = ["swift"] + subcommand
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["PWD"] = directory.path
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// `swift build` of the fixture package `name` (or of a package at `directory`).
    static func build(_ name: String, directory: URL? = nil) throws -> Result {
        try swift(["build", "--scratch-path", scratchPath.path], in: directory ?? fixture(name))
    }

    static func fixture(_ name: String) -> URL { root.appendingPathComponent("Fixtures/\(name)") }

    /// Runs a product built by ``build(_:directory:)``.
    static func run(product: String) throws -> Result {
        let process = Process()
        process.executableURL = scratchPath.appendingPathComponent("debug/\(product)")
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
