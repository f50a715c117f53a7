@testable import DefaultsSchema
import Foundation
import Testing

/// Keeps the published defaults.schema.json honest: the same fields as the validator, examples that generate.
@Suite struct JSONSchemaTests {
    let schema: [String: Any]

    init() throws {
        let data = try Data(contentsOf: repositoryRoot.appendingPathComponent("defaults.schema.json"))
        schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func isDraft2020_12() {
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    @Test func topLevelFieldsMatchTheValidator() throws {
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(SchemaValidator.topLevelFields))
        #expect(schema["required"] as? [String] == ["keys"])
        #expect(schema["additionalProperties"] as? Bool == false)
        let access = try #require(properties["access"] as? [String: Any])
        #expect(access["enum"] as? [String] == AccessLevel.allCases.map(\.rawValue))
    }

    @Test func keyFieldsMatchTheValidator() throws {
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let key = try #require(definitions["key"] as? [String: Any])
        let properties = try #require(key["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(SchemaValidator.keyFields))
        #expect(key["additionalProperties"] as? Bool == false)
    }

    @Test func recordTypeFieldsMatchTheValidator() throws {
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let record = try #require(definitions["recordType"] as? [String: Any])
        #expect(Set(try #require(record["properties"] as? [String: Any]).keys) == Set(SchemaValidator.typeFields))
        let field = try #require(definitions["field"] as? [String: Any])
        #expect(Set(try #require(field["properties"] as? [String: Any]).keys) == Set(SchemaValidator.fieldFields))
        #expect(record["additionalProperties"] as? Bool == false && field["additionalProperties"] as? Bool == false)
    }

    @Test func settingsBundleFieldsMatchTheValidator() throws {
        let properties = try #require(schema["properties"] as? [String: Any])
        let bundle = try #require(properties["settingsBundle"] as? [String: Any])
        #expect(Set(try #require(bundle["properties"] as? [String: Any]).keys) == Set(SchemaValidator.settingsBundleFields))
        let groups = try #require((bundle["properties"] as? [String: Any])?["groups"] as? [String: Any])
        let group = try #require(groups["items"] as? [String: Any])
        #expect(Set(try #require(group["properties"] as? [String: Any]).keys) == Set(SchemaValidator.settingsGroupFields))
    }

    @Test func typeDescriptionNamesEveryBuiltinType() throws {
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let key = try #require(definitions["key"] as? [String: Any])
        let type = try #require((key["properties"] as? [String: Any])?["type"] as? [String: Any])
        let text = try #require(type["description"] as? String)
        for builtin in BuiltinType.allCases where !["Int16", "Int32", "UInt8", "UInt16", "UInt32"].contains(builtin.rawValue) {
            #expect(text.contains(builtin.rawValue), "\(builtin.rawValue)")
        }
    }

    /// The type-name pattern accepts what the validator accepts as a declared type's name, nested names included.
    @Test func typeNamePatternFlagsWhatTheGeneratorRefuses() throws {
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let pattern = try #require((definitions["typeName"] as? [String: Any])?["pattern"] as? String)
        let regex = try NSRegularExpression(pattern: pattern)
        func matches(_ name: String) -> Bool {
            regex.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
        }
        for name in ["Theme", "Preference.Theme", "A.B.C", "_Private"] { #expect(matches(name), "\(name)") }
        for name in ["Mod..Theme", ".Theme", "Theme.", "2D", "has space", "A-B"] {
            #expect(!matches(name), "\(name)")
            let output = generate(#"{"keys": {"t": {"type": "\#(name)", "cases": ["a"], "default": "a"}}}"#)
            #expect(output.source == nil, "the generator refuses \(name) too")
        }
    }

    @Test func examplesGenerateWithoutErrors() throws {
        let examples = try #require(schema["examples"] as? [Any])
        #expect(examples.count >= 2)
        for example in examples {
            let data = try JSONSerialization.data(withJSONObject: example)
            let output = DefaultsKeysGenerator(namespace: "Example").generate(schema: Array(data), sourceName: "defaults.json")
            #expect(output.source != nil, "\(output.diagnostics)")
        }
    }
}
