import Foundation
import Testing

/// The shape of the runtime's public API as recorded in `api/` (which `.ci/api` keeps equal to the library): what
/// was frozen for 1.0 stays frozen. Before the freeze, `DefaultsKey` had 12 initializers, two deprecated members
/// and two `flush`es.
@Suite struct PublicAPIShapeTests {
    /// Every declaration node of the recorded API of `module`, with the path of type names above it.
    static func declarations(of module: String = "TypedDefaults") throws -> [(path: String, node: [String: Any])] {
        let data = try Data(contentsOf: repositoryRoot.appendingPathComponent("api/\(module).json"))
        let root = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["ABIRoot"] as? [String: Any])
        var result: [(path: String, node: [String: Any])] = []
        func walk(_ node: [String: Any], _ path: String) {
            for child in node["children"] as? [[String: Any]] ?? [] {
                let name = child["name"] as? String ?? ""
                result.append((path, child))
                walk(child, path.isEmpty ? name : "\(path).\(name)")
            }
        }
        walk(root, "")
        return result
    }

    /// The API only Apple platforms compile is in the iOS record (`api/ios/`), so a change to it shows in `.ci/api`.
    @Test func theIOSRecordHasTheAppleOnlyAPI() throws {
        let runtime = try Self.declarations(of: "ios/TypedDefaults")
        let sync = try Self.declarations(of: "ios/TypedDefaultsSync")
        /// The type of the declaration `name` inside `path`, in `record`.
        func type(of path: String, _ name: String, in record: [(path: String, node: [String: Any])]? = nil) -> String? {
            let node = (record ?? runtime).first { $0.path == path && $0.node["printedName"] as? String == name }?.node
            return (node?["children"] as? [[String: Any]])?.first?["printedName"] as? String
        }
        #expect(type(of: "Default", "projectedValue") == "SwiftUI.Binding<Value>")
        #expect(type(of: "DefaultsStore", "binding(_:)") == "SwiftUI.Binding<Value>")
        #expect(type(of: "DefaultsStore", "publisher(for:)") == "Combine.AnyPublisher<Value, Swift.Never>")
        #expect(type(of: "Defaults", "publisher(for:)") == "Combine.AnyPublisher<Value, Swift.Never>")
        #expect(type(of: "DefaultsEditor", "init(_:store:)") == "TypedDefaults.DefaultsEditor")
        // The iCloud store adapter, in the sync's iOS record.
        #expect(type(of: "DefaultsCloudStore", "iCloud", in: sync) == "TypedDefaultsSync.ICloudKeyValueStore")
        #expect(type(of: "ICloudKeyValueStore", "init(_:)", in: sync) == "TypedDefaultsSync.ICloudKeyValueStore")
        // None of it in the Linux record.
        let linux = try Self.declarations()
        #expect(!linux.contains { $0.path == "Default" && $0.node["name"] as? String == "projectedValue" })
        #expect(!linux.contains { $0.path.isEmpty && ["ICloudKeyValueStore", "DefaultsEditor"].contains($0.node["name"] as? String ?? "") })
    }

    @Test func keysHaveAtMostFourInitializers() throws {
        let initializers = try Self.declarations().filter { $0.path == "DefaultsKey" && $0.node["kind"] as? String == "Constructor" }
        #expect((1...4).contains(initializers.count), "\(initializers.map { $0.node["printedName"] ?? "" })")
    }

    @Test func nothingIsDeprecatedBeforeTheFirstTag() throws {
        let deprecated = try Self.declarations().filter { $0.node["deprecated"] as? Bool == true }
        #expect(deprecated.isEmpty, "\(deprecated.map { "\($0.path).\($0.node["printedName"] ?? "")" })")
    }

    @Test func oneFlush() throws {
        let flushes = try Self.declarations().filter { $0.path == "DefaultsStore" && $0.node["name"] as? String == "flush" }
        #expect(flushes.count == 1 && flushes.first?.node["static"] as? Bool == true)
    }

    /// The double lives in `TypedDefaultsTestDoubles`, out of the runtime that apps ship.
    @Test func theCloudDoubleIsNotInTheRuntime() throws {
        #expect(try Self.declarations().allSatisfy { $0.node["name"] as? String != "InMemoryCloudAccount" })
        #expect(try Self.declarations(of: "TypedDefaultsTestDoubles").contains { $0.path.isEmpty && $0.node["name"] as? String == "InMemoryCloudAccount" })
    }

    @Test func theCloudDoublesCountersAreNotPublicAPI() throws {
        let counters = try Self.declarations(of: "TypedDefaultsTestDoubles").filter {
            $0.path == "InMemoryCloudAccount.Device" && ["writeCount", "synchronizeCount", "observerCount", "hasPendingUploads"].contains($0.node["name"] as? String ?? "")
        }
        #expect(counters.count == 4, "the counters are recorded (as SPI)")
        #expect(counters.allSatisfy { !($0.node["spi_group_names"] as? [String] ?? []).isEmpty })
    }
}
