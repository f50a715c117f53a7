@testable import DefaultsSchema
import Foundation
import Testing

/// `"type": "TypedDefaults.DefaultsPropertyList"`, a setting of any property-list shape: its JSON defaults (tagged
/// where JSON cannot tell the kind), their Swift, what refuses it (each at its place), and the release check's rules.
@Suite struct PropertyListSchemaTests {
    private static let type = "TypedDefaults.DefaultsPropertyList"

    @Test func jsonDefaultsKeepEveryKind() throws {
        let output = generate(##"""
            {"keys": {
              "filters": {"type": "TypedDefaults.DefaultsPropertyList", "default": {
                "limit": 20, "ratio": 0.5, "whole": 2.0, "on": true, "name": "x", "tags": ["a", 1],
                "since": {"$date": "2024-05-01T09:30:00.250Z"}, "blob": {"$data": "AQID"},
                "one": {"$double": 1}, "odd": {"$double": "nan"}, "far": {"$double": "-inf"},
                "literal": {"$dictionary": {"$date": "not a date"}}, "plain": {"$other": 1}, "empty": {}
              }},
              "list": {"type": "TypedDefaults.DefaultsPropertyList?", "default": [1, "two"]},
              "unset": {"type": "TypedDefaults.DefaultsPropertyList?"}
            }}
            """##)
        let schema = try #require(output.schema, "\(output.diagnostics)")
        #expect(schema.keys.map(\.type) == [.builtin(.propertyList), .optional(.builtin(.propertyList)), .optional(.builtin(.propertyList))])
        guard case .propertyList(.dictionary(let entries))? = schema.keys[0].defaultValue else {
            Issue.record("\(String(describing: schema.keys[0].defaultValue))")
            return
        }
        let members = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value) })
        #expect(members["limit"] == .integer("20"))
        #expect(members["ratio"] == .double(0.5))
        #expect(members["whole"] == .double(2), "a number with a fraction is a double, even a whole one")
        #expect(members["on"] == .bool(true))
        #expect(members["since"] == .date(1_714_555_800.25))
        #expect(members["blob"] == .data([1, 2, 3]))
        #expect(members["one"] == .double(1))
        #expect(members["far"] == .double(-.infinity))
        #expect(members["literal"] == .dictionary([DictionaryEntry(key: "$date", value: .string("not a date"))]))
        #expect(members["plain"] == .dictionary([DictionaryEntry(key: "$other", value: .integer("1"))]))
        #expect(members["empty"] == .dictionary([]))
        let source = try #require(output.source)
        #expect(source.contains(#"DefaultsKey<TypedDefaults.DefaultsPropertyList>("#))
        #expect(source.contains(#""limit": .integer(20), "ratio": .double(0.5), "whole": .double(2.0), "on": .bool(true), "name": .string("x"), "tags": .array([.string("a"), .integer(1)]), "since": .date(Foundation.Date(timeIntervalSince1970: 1714555800.25)), "blob": .data(Foundation.Data([1, 2, 3])), "one": .double(1.0), "odd": .double(.nan), "far": .double(-.infinity)"#), "\(source)")
        #expect(source.contains(#"default: .array([.integer(1), .string("two")])"#))
        #expect(source.contains(#"static let unset = DefaultsKey<TypedDefaults.DefaultsPropertyList?>("unset")"#))
    }

    @Test(arguments: [
        (##"{"keys": {"a": {"type": "TypedDefaults.DefaultsPropertyList", "default": [1, null]}}}"##,
         ##"1:78: error: the default must be a JSON value other than null (dates as {"$date": "2024-05-01T09:30:00Z"}, data as {"$data": "<base64>"}) for type TypedDefaults.DefaultsPropertyList, not null"##),
        (##"{"keys": {"a": {"type": "TypedDefaults.DefaultsPropertyList", "default": [{"$date": "May 1"}]}}}"##,
         ##"1:85: error: "May 1" is not an ISO 8601 date; write it like "2024-01-01T00:00:00Z""##),
        (##"{"keys": {"a": {"type": "TypedDefaults.DefaultsPropertyList", "default": {"$data": 12}}}}"##,
         ##"1:84: error: "$data" takes a base64 string, not an integer"##),
        (##"{"keys": {"a": {"type": "TypedDefaults.DefaultsPropertyList", "default": {"$double": "many"}}}}"##,
         ##"1:86: error: "$double" takes a number, or "nan", "inf" or "-inf", not a string"##),
        (##"{"keys": {"a": {"type": "TypedDefaults.DefaultsPropertyList", "default": [18446744073709551615]}}}"##,
         ##"1:75: error: 18446744073709551615 does not fit a property-list integer (-9223372036854775808...9223372036854775807); write it as {"$double": 18446744073709551615} for a double"##),
        (##"{"keys": {"a": {"type": "[String: Any]"}}}"##,
         ##"1:35: error: invalid type "[String: Any]": Any cannot be stored type-safely; name a concrete type, or "TypedDefaults.DefaultsPropertyList" for a property-list value of any shape"##),
        (##"{"keys": {"a": {"type": "[AnyHashable: Any]?"}}}"##,
         ##"1:27: error: invalid type "[AnyHashable: Any]?": AnyHashable cannot be stored type-safely; name a concrete type, or "TypedDefaults.DefaultsPropertyList" for a property-list value of any shape"##),
    ])
    func badDefaultsAndNamesAreLocated(schema: String, message: String) {
        let output = generate(schema)
        #expect(output.diagnostics.map(\.description).contains { $0.hasSuffix(message) }, "\(output.diagnostics.map(\.description))")
    }

    /// Screens, AppConfig and App Intents have no control for a value of any shape: each refuses it at the key.
    @Test func whatCannotOfferItRefusesItAtTheKey() throws {
        let intents = generate(##"{"keys": {"filters": {"type": "TypedDefaults.DefaultsPropertyList?", "intents": "read"}}}"##)
        #expect(intents.diagnostics.contains { $0.severity == .error && $0.description.contains("TypedDefaults.DefaultsPropertyList") }, "\(intents.diagnostics)")
        let bundle = generate(##"{"settingsBundle": {"groups": [{"title": "All", "keys": ["filters"]}]}, "keys": {"filters": {"type": "TypedDefaults.DefaultsPropertyList?"}}}"##)
        #expect(bundle.diagnostics.contains { $0.severity == .error && $0.description.contains("filters") }, "\(bundle.diagnostics)")
        let managed = generate(##"{"keys": {"filters": {"type": "TypedDefaults.DefaultsPropertyList?", "managed": true}}}"##)
        let schema = try #require(managed.schema, "\(managed.diagnostics)")
        let spec = AppConfigSpecRenderer(sourceName: "defaults.json", bundleID: "com.example.app").render(schema)
        #expect(spec.warnings.map(\.description) == [
            ##"1:11: warning: the managed key "filters" is left out of the AppConfig specfile: AppConfig has no type for TypedDefaults.DefaultsPropertyList; administrators can still set it as TypedDefaults.DefaultsPropertyList? under "filters" in a custom configuration"##,
        ])
    }

    @Test func aSyncedDefaultOverOneMegabyteIsAnError() {
        let big = String(repeating: "x", count: 1_048_600)
        let output = generate(#"{"keys": {"blob": {"type": "TypedDefaults.DefaultsPropertyList", "iCloud": true, "default": ["\#(big)"]}}}"#)
        #expect(output.diagnostics.contains { $0.severity == .error && $0.description.contains("more than the 1048576 bytes") }, "\(output.diagnostics.map(\.description).map { $0.prefix(200) })")
    }

    /// Every old value reads as a value of any shape, so a migration in place to it could never tell old from new.
    @Test func aMigrationInPlaceToItIsRefused() {
        let output = generate(##"{"keys": {"filters": {"type": "TypedDefaults.DefaultsPropertyList?", "renamedFrom": [{"name": "filters", "type": "String", "values": {"a": "b"}}]}}}"##)
        #expect(output.diagnostics.contains { $0.severity == .error && $0.description.contains("filters") }, "\(output.diagnostics)")
    }
}

/// The release check: any type → a value of any shape keeps every stored value (but an unsigned integer above
/// `Int64.max`); the reverse loses the values of other shapes.
@Suite struct PropertyListReleaseTests {
    @Test(arguments: ["Int", "String", "[String: Int]", "Date?", "Data", "Bool", "[Double]"])
    func anyTypeToAValueOfAnyShapeKeepsEveryValue(old: String) {
        let optional = old.hasSuffix("?") ? old : old + "?"
        let diagnostics = check(#"{"keys": {"filters": {"type": "\#(optional)"}}}"#,
                                then: #"{"keys": {"filters": {"type": "TypedDefaults.DefaultsPropertyList?"}}}"#)
        #expect(diagnostics.allSatisfy { !$0.contains("error") }, "\(diagnostics)")
    }

    @Test func anUnsignedIntegerOrTheReverseLosesValues() {
        let fromUnsigned = check(#"{"keys": {"limit": {"type": "UInt64?"}}}"#,
                                 then: #"{"keys": {"limit": {"type": "TypedDefaults.DefaultsPropertyList?"}}}"#)
        #expect(fromUnsigned.contains { $0.contains("error") && $0.contains("values above 9223372036854775807 read the default") }, "\(fromUnsigned)")
        let back = check(#"{"keys": {"filters": {"type": "TypedDefaults.DefaultsPropertyList?"}}}"#,
                         then: #"{"keys": {"filters": {"type": "[String: Int]?"}}}"#)
        #expect(back.contains { $0.contains("error") && $0.contains("stored values of another shape than [String: Int] read the default") }, "\(back)")
        let accepted = check(#"{"keys": {"filters": {"type": "TypedDefaults.DefaultsPropertyList?"}}}"#,
                             then: #"{"keys": {"filters": {"type": "[String: Int]?", "acceptLostValuesSince": "1.0"}}}"#)
        #expect(accepted.allSatisfy { !$0.contains("error") }, "\(accepted)")
    }
}
