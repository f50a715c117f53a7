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

    @Test func aValueOtherThanABooleanIsRefusedAndAFamilySaysWhetherItsMembersTravel() throws {
        #expect(generate(#"{"portable": "no", "keys": {"a": 1}}"#).diagnostics.map(\.description) == [
            #"1:14: error: "portable" must be true or false, not a string; false keeps the value out of settings exports (caches, window state, tokens, device ids)"#,
        ])
        let output = generate(#"{"keys": {"pinned": {"type": "Bool", "default": false, "key": "pinned_{widgetID}", "parameter": {"name": "widgetID", "type": "String"}, "portable": true}, "local": {"type": "Int", "default": 0, "key": "local_{id}", "parameter": {"name": "id", "type": "Int"}}}}"#)
        let source = try #require(output.source, "\(output.diagnostics)")
        #expect(output.diagnostics.isEmpty)
        #expect(source.contains("label: DefaultsKeyLabel(\"Pinned\", bundle: DefaultsKeys.Test.stringsBundle),\n        portable: true\n    )"))
        #expect(source.contains("label: DefaultsKeyLabel(\"Local\", bundle: DefaultsKeys.Test.stringsBundle)\n    )"))
        #expect(source.contains("static let families: [DefaultsKeyFamilies] = [\n            DefaultsKeyFamilies.pinned,\n            DefaultsKeyFamilies.local,\n        ]"))
    }
}
