import Foundation
import TestSupport
import Testing

/// The layers the layout shows are the layers the package has: the generator (and so every plugin build) does not
/// compile the runtime, and the runtime knows nothing of the generator.
@Suite struct PackageLayersTests {
    /// Each target's direct dependencies on other targets of the package, from `swift package dump-package`.
    static func targetDependencies() throws -> [String: [String]] {
        // A scratch folder of its own: the package's own `.build` is locked by the `swift test` running this.
        let dump = try FixtureBuilder.swift("package", ["dump-package"], in: repositoryRoot)
        #expect(dump.status == 0, "\(dump.output)")
        let start = try #require(dump.output.firstIndex(of: "{"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.output[start...].utf8)) as? [String: Any])
        var result: [String: [String]] = [:]
        for target in json["targets"] as? [[String: Any]] ?? [] {
            guard let name = target["name"] as? String else { continue }
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                ((dependency["byName"] ?? dependency["target"]) as? [Any])?.first as? String
            }
            result[name] = dependencies
        }
        return result
    }

    /// `target` and everything it depends on, directly or not.
    static func closure(of target: String, in graph: [String: [String]]) -> Set<String> {
        var seen: Set<String> = []
        var pending = [target]
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            pending += graph[next] ?? []
        }
        return seen
    }

    @Test func theGeneratorDoesNotDependOnTheRuntime() throws {
        let graph = try Self.targetDependencies()
        #expect(graph["DefaultsSchema"] != nil && graph["TypedDefaults"] != nil)
        #expect(!Self.closure(of: "typed-defaults-gen", in: graph).contains("TypedDefaults"), "\(graph)")
        #expect(Self.closure(of: "DefaultsSchema", in: graph) == ["DefaultsSchema", "DefaultsFormats"])
        // The runtime's own C target of atomics, and nothing else.
        #expect(Self.closure(of: "TypedDefaults", in: graph) == ["TypedDefaults", "DefaultsFormats", "TypedDefaultsAtomics"])
        #expect(graph["TypedDefaultsAtomics"] == [], "\(graph)")
    }

    /// The test doubles build wherever the runtime does (for iOS too: nothing that imports Testing), and a test
    /// target that imports TypedDefaultsTesting gets them (it re-exports them).
    @Test func theTestDoublesDependOnlyOnTheRuntimeAndTheSync() throws {
        let graph = try Self.targetDependencies()
        #expect(graph["TypedDefaultsTestDoubles"] == ["TypedDefaults", "TypedDefaultsSync"], "\(graph)")
        #expect(graph["TypedDefaultsTesting"]?.contains("TypedDefaultsTestDoubles") == true, "\(graph)")
    }

    /// iCloud sync is a library over the runtime, never under it: the runtime builds, and a keys-only app compiles,
    /// without it.
    @Test func theSyncIsALibraryOverTheRuntime() throws {
        let graph = try Self.targetDependencies()
        #expect(graph["TypedDefaultsSync"] == ["TypedDefaults", "DefaultsFormats"], "\(graph)")
        #expect(!Self.closure(of: "TypedDefaults", in: graph).contains("TypedDefaultsSync"), "\(graph)")
    }
}
