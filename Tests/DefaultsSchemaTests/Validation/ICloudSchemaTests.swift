import DefaultsSchema
import Foundation
import Testing

/// `"iCloud"` in a schema: which keys sync, what the generated keys say, and iCloud's limits found at build time.
@Suite struct ICloudSchemaTests {
    @Test func aKeysOwnSettingWinsOverTheSchemas() throws {
        let output = generate("""
            {
              "iCloud": true,
              "keys": {
                "volume": {"type": "Int", "default": 5, "minimum": 0, "maximum": 10},
                "nickname": {"type": "String?"},
                "launchCount": {"type": "Int", "default": 0, "iCloud": false},
                "tags": {"type": "[String]", "default": [], "renamedFrom": ["labels"]}
              }
            }
            """)
        let source = try #require(output.source, "\(output.diagnostics)")
        #expect(output.schema?.keys.map(\.iCloud) == [true, true, false, true])
        #expect(source.contains(#"DefaultsKey<Int>("volume", default: 5, in: 0...10, iCloud: true)"#))
        #expect(source.contains(#"DefaultsKey<String?>("nickname", iCloud: true)"#))
        #expect(source.contains(#"DefaultsKey<Int>("launchCount", default: 0)"#))
        #expect(source.contains(#"DefaultsKey<[String]>("tags", default: [], formerNames: ["labels"], iCloud: true)"#))
        #expect(source.components(separatedBy: "/// Syncs through iCloud").count == 4)
    }

    @Test func keysSyncOnlyWhenSaidSo() throws {
        let output = generate(#"{"keys": {"a": 1, "b": {"type": "Bool", "default": true, "iCloud": true}}}"#)
        #expect(output.schema?.keys.map(\.iCloud) == [false, true])
        #expect(try #require(output.source).contains(#"DefaultsKey<Bool>("b", default: true, iCloud: true)"#))
    }

    /// iCloud's store holds 1,024 keys, 8 of which are kept for the devices' account markers.
    @Test func moreThan1016SyncedKeysIsAnErrorAtTheSettingThatSyncsThem() {
        func schema(keys: Int) -> String {
            "{\"iCloud\": true, \"keys\": {" + (0..<keys).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}}"
        }
        #expect(generate(schema(keys: 1016)).source != nil)
        let errors = generate(schema(keys: 1022)).diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.description) == [
            #"1:12: error: 1022 keys sync through iCloud, more than the 1016 keys its key-value store holds beside the devices' account markers (1024 in all, 8 kept for markers); set "iCloud": false on the keys that need not follow the user across devices"#,
        ])
        // Opting enough keys out is the fix.
        let fixed = schema(keys: 1022).replacingOccurrences(of: "\"k0\": 0", with: "\"k0\": {\"type\": \"Int\", \"default\": 0, \"iCloud\": false}")
            .replacingOccurrences(of: "\"k1\": 1,", with: "").replacingOccurrences(of: "\"k2\": 2,", with: "")
            .replacingOccurrences(of: "\"k3\": 3,", with: "").replacingOccurrences(of: "\"k4\": 4,", with: "").replacingOccurrences(of: "\"k5\": 5,", with: "")
        #expect(generate(fixed).source != nil, "\(generate(fixed).diagnostics.prefix(2))")
    }

    @Test func aSyncedDefaultOverOneMegabyteIsAnErrorAtTheDefault() {
        let big = String(repeating: "x", count: 1_048_577)
        let errors = generate(#"{"keys": {"notes": {"type": "String", "iCloud": true, "default": "\#(big)"}}}"#).diagnostics
            .filter { $0.severity == .error }
        #expect(errors.map(\.description) == [
            #"1:66: error: the default of "notes" takes at least 1048577 bytes stored, more than the 1048576 bytes iCloud's key-value store takes for one value; keep large data out of synced settings, or set "iCloud": false on the key"#,
        ])
        // The same default on a key that does not sync is fine: the cloud never sees it.
        #expect(generate(#"{"keys": {"notes": {"type": "String", "default": "\#(big)"}}}"#).source != nil)
        // Many small elements add up.
        let elements = Array(repeating: "\"" + String(repeating: "y", count: 1000) + "\"", count: 1100).joined(separator: ", ")
        #expect(generate(#"{"keys": {"notes": {"type": "[String]", "iCloud": true, "default": [\#(elements)]}}}"#).source == nil)
    }

    @Test func theSettingsReferenceMarksSyncedKeysAndIsUnchangedWithoutThem() throws {
        let synced = try #require(generate(#"{"keys": {"a": 1, "b": {"type": "Bool", "default": true, "iCloud": true}}}"#).schema)
        let reference = SettingsReferenceRenderer(sourceName: "defaults.json", namespace: "Test").render(synced)
        #expect(reference.contains("| setting | stored as | type | default | range | description | deprecated | iCloud |"))
        #expect(reference.contains("| B (`b`) | `b` | `Bool` | `true` |  |  |  | **iCloud** |"))
        #expect(reference.contains("| A (`a`) | `a` | `Int` | `1` |  |  |  | |"))
        let plain = try #require(generate(#"{"keys": {"a": 1}}"#).schema)
        let plainReference = SettingsReferenceRenderer(sourceName: "defaults.json", namespace: "Test").render(plain)
        #expect(plainReference.contains("| setting | stored as | type | default | range | description | deprecated |\n"))
        #expect(!plainReference.contains("iCloud"))
    }
}
