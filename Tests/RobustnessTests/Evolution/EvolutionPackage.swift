import Foundation
import TestSupport
import Testing

/// The package that holds both versions of every seed: module `EvolutionN` (N's generated keys and a function per
/// seed that writes a round's values with them), module `EvolutionNext` (N+1's keys and a function per seed that
/// reads every key), and an executable that runs each round of each seed in its own `withIsolatedDefaults` scope.
enum EvolutionPackage {
    static let directory = repositoryRoot.appendingPathComponent(".build-robustness/Evolution")
    static let scratchPath = repositoryRoot.appendingPathComponent(".build-robustness/scratch-evolution")

    /// Builds and runs the package; returns, per seed and round, what each key of N+1 read (by stored name and
    /// suite), or `nil` after recording why it could not.
    static func buildAndRun(_ cases: [SchemaEvolutionTests.Case]) throws -> [UInt64: [Int: [String: String]]]? {
        try write(cases)
        let build = try runSwift("build", package: directory, ["--scratch-path", scratchPath.path])
        guard build.status == 0 else {
            Issue.record("the evolution package does not compile; it is at \(directory.path):\n\(build.output.suffix(4_000))")
            return nil
        }
        let run = try runProcess(scratchPath.appendingPathComponent("debug/Evolve"), [])
        guard run.status == 0 else {
            Issue.record("the evolution package failed: \(run.output.suffix(2_000))")
            return nil
        }
        var result: [UInt64: [Int: [String: String]]] = [:]
        for line in run.output.split(separator: "\n") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 5, let seed = UInt64(parts[0]), let round = Int(parts[1]) else { continue }
            if parts[2] == "REFUSED" {
                Issue.record("seed \(seed), round \(round): the store refused the value written for \(parts[3])")
                continue
            }
            result[seed, default: [:]][round, default: [:]]["\(parts[2])\t\(parts[3])"] = parts[4]
        }
        return result
    }

    private static func write(_ cases: [SchemaEvolutionTests.Case]) throws {
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: directory.appendingPathComponent("Sources"))
        for module in ["EvolutionN", "EvolutionNext", "EvolutionSupport", "Evolve"] {
            try fileManager.createDirectory(at: directory.appendingPathComponent("Sources/\(module)"), withIntermediateDirectories: true)
        }
        for item in cases {
            let evolution = item.evolution
            try item.oldSource.write(to: file("EvolutionN", "\(evolution.prefix).swift"), atomically: true, encoding: .utf8)
            try writer(evolution).write(to: file("EvolutionN", "\(evolution.prefix)Write.swift"), atomically: true, encoding: .utf8)
            let exporter = """
                import TypedDefaults

                nonisolated public func export\(evolution.prefix)() -> (DefaultsExport, [String]) {
                    let store = DefaultsStore.standard
                    let keys = DefaultsKeys.\(evolution.prefix)A.all
                    return (store.exportSettings(keys), keys.filter { !$0.isPortable && store.has($0) }.map(\\.name))
                }

                """
            try exporter.write(to: file("EvolutionN", "\(evolution.prefix)Export.swift"), atomically: true, encoding: .utf8)
            try item.newSource.write(to: file("EvolutionNext", "\(evolution.prefix).swift"), atomically: true, encoding: .utf8)
            let reader = """
                import EvolutionSupport
                import TypedDefaults

                nonisolated public func read\(evolution.prefix)() -> [String] { readAll(DefaultsKeys.\(evolution.prefix)B.all) }
                nonisolated public func import\(evolution.prefix)(_ file: DefaultsExport) -> [String] { importAll(file, DefaultsKeys.\(evolution.prefix)B.all) }

                """
            try reader.write(to: file("EvolutionNext", "\(evolution.prefix)Read.swift"), atomically: true, encoding: .utf8)
        }
        try (checkSupportSource + supportSource).write(to: file("EvolutionSupport", "Support.swift"), atomically: true, encoding: .utf8)
        let runs = cases.map { "(\($0.evolution.seed), write\($0.evolution.prefix), read\($0.evolution.prefix), export\($0.evolution.prefix), import\($0.evolution.prefix))" }
        let main = """
            import EvolutionN
            import EvolutionNext
            import TypedDefaults

            let seeds: [(UInt64, (Int) -> [String], () -> [String], () -> (DefaultsExport, [String]), (DefaultsExport) -> [String])] = [
                \(runs.joined(separator: ",\n    "))
            ]
            for (seed, write, read, export, importFile) in seeds {
                for round in 0..<\(RandomEvolution.roundCount) {
                    // The values N stored, exported by N, then read by N+1 (migrations on read, which move them).
                    let (file, leftOut) = withIsolatedDefaults {
                        for name in write(round) { print("\\(seed)\\t\\(round)\\tREFUSED\\t\\(name)\\t-") }
                        let exported = export()
                        for line in read() { print("\\(seed)\\t\\(round)\\t\\(line)") }
                        return exported
                    }
                    for name in leftOut { print("\\(seed)\\t\\(round)\\tLEFTOUT:\\(name)\\t-\\t-") }
                    for setting in file.settings { print("\\(seed)\\t\\(round)\\tEXPORTED:\\(setting.name)\\t-\\t-") }
                    // The same values, imported by N+1 from N's file in an install of their own.
                    withIsolatedDefaults {
                        for line in importFile(file) { print("\\(seed)\\t\\(round)\\t\\(line)") }
                    }
                }
            }

            """
        try main.write(to: file("Evolve", "main.swift"), atomically: true, encoding: .utf8)
        let manifest = """
            // swift-tools-version: 6.1
            // Written by SchemaEvolutionTests: random schemas N and N+1, values stored with one and read with the other.
            import PackageDescription

            let package = Package(
                name: "Evolution",
                platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
                dependencies: [.package(name: "TypedDefaults", path: "\(repositoryRoot.path)")],
                targets: [
                    .target(name: "EvolutionSupport", dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults")]),
                    .target(name: "EvolutionN", dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults")]),
                    .target(name: "EvolutionNext", dependencies: ["EvolutionSupport", .product(name: "TypedDefaults", package: "TypedDefaults")]),
                    .executableTarget(name: "Evolve", dependencies: ["EvolutionN", "EvolutionNext", .product(name: "TypedDefaults", package: "TypedDefaults")]),
                ]
            )

            """
        try manifest.write(to: directory.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    }

    private static func file(_ module: String, _ name: String) -> URL {
        directory.appendingPathComponent("Sources/\(module)/\(name)")
    }

    /// The function that writes each round's values of one seed with N's keys, through the standard store (so a key
    /// with a suite lands in its suite); it returns the keys whose value the store refused.
    private static func writer(_ evolution: RandomEvolution) -> String {
        var lines = ["@testable import TypedDefaults", "", "nonisolated public func write\(evolution.prefix)(_ round: Int) -> [String] {",
                     "    let store = DefaultsStore.standard", "    var refused: [String] = []", "    switch round {"]
        for (round, values) in evolution.rounds.enumerated() {
            lines.append("    case \(round):")
            for key in evolution.old.keys {
                guard let value = values[key.identifier] else { continue }
                lines.append("        if !store.setValue(fromObject: \(value.swiftObject), for: DefaultsKeys.\(key.identifier)) { refused.append(\"\(key.identifier)\") }")
            }
            lines.append("        break")
        }
        lines += ["    default: break", "    }", "    return refused", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// Reads every key (migrations run on these reads) and prints its stored name, suite and value's canonical form.
    private static let supportSource = #"""

    /// One line per key: stored name, suite, and the canonical stored form of the value read (sets sorted).
    public func readAll(_ keys: [DefaultsKeys]) -> [String] {
        let store = DefaultsStore.standard
        return keys.map { key in
            let isSet = String(describing: key.valueType).hasPrefix("Set<")
            let value = store.debugValue(for: key)
            let object = (value as? any DefaultsSerializable).flatMap { storedForm(of: $0) }
            return "\(key.name)\t\(key.suiteName ?? "-")\t\(value == nil ? "nil" : canonical(object, sorted: isSet))"
        }
    }

    /// Imports `file` with `keys`, then reads every key as ``readAll(_:)`` does (each name prefixed `IMPORT:`), and
    /// lists the names the import did not know (`UNKNOWN:`).
    public func importAll(_ file: DefaultsExport, _ keys: [DefaultsKeys]) -> [String] {
        let report = DefaultsStore.standard.importSettings(file, keys: keys)
        return readAll(keys).map { "IMPORT:" + $0 } + report.unknown.map { "UNKNOWN:\($0)\t-\t-" }
    }

    func storedForm(of value: some DefaultsSerializable) -> Any? {
        (try? value.defaultsObject()) ?? nil
    }
    """#
}
