import DefaultsSchema
import Foundation
import Testing

/// `"portable"` on a key or the schema: which keys a settings export carries, as the generated keys say.
@Suite struct PortableSchemaTests {
    @Test func aKeySaysAndTheSchemasFalseIsTheDefaultOfTheOthers() throws {
        let output = generate(#"{"portable": false, "keys": {"cache": "Data", "theme": {"type": "String", "default": "a", "portable": true}, "id": {"type": "UUID?", "portable": true}}}"#)
        let source = try #require(output.source, "\(output.diagnostics)")
        #expect(output.diagnostics.isEmpty)
        #expect(output.schema?.keys.map(\.portable) == [false, true, true])
        #expect(source.contains(#"static let theme = DefaultsKey<String>("theme", default: "a", portable: true)"#))
    }

    @Test func withoutAWordTheRuntimesRuleDecidesAndADeprecatedKeyNeverTravels() throws {
        let output = generate(#"{"keys": {"count": 0, "old": {"type": "Int", "default": 0, "deprecated": "gone", "portable": true}}}"#)
        let source = try #require(output.source, "\(output.diagnostics)")
        #expect(output.schema?.keys.map(\.portable) == [nil, false])
        #expect(source.contains(#"static let count = DefaultsKey<Int>("count", default: 0)"#))
        #expect(source.contains(#"DefaultsKey<Int>("old", default: 0, portable: false)"#))
    }

    @Test func aValueOtherThanABooleanIsRefusedAndAPortableFamilyIsWarnedOf() throws {
        #expect(generate(#"{"portable": "no", "keys": {"a": 1}}"#).diagnostics.map(\.description) == [
            #"1:14: error: "portable" must be true or false, not a string; false keeps the value out of settings exports (caches, window state, tokens, device ids)"#,
        ])
        let family = generate(#"{"keys": {"pinned": {"type": "Bool", "default": false, "key": "pinned_{widgetID}", "parameter": {"name": "widgetID", "type": "String"}, "portable": true}}}"#)
        #expect(family.source != nil)
        #expect(family.diagnostics.map(\.description) == [
            #"1:149: warning: settings exports do not carry key families yet: the members of "pinned" stay on the device (their parameters are usually ids local to it); remove "portable" or declare the values you want carried as keys"#,
        ])
    }
}
