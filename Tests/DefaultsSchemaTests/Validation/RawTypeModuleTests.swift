import DefaultsSchema
import Foundation
import Testing

/// `"module"` beside `"rawType"`: a type of another module, imported and conformed `@retroactive` (without it,
/// Swift warns of a conformance of an imported type to an imported protocol, an error under warnings-as-errors).
@Suite struct RawTypeModuleTests {
    @Test func aTypeOfAnotherModuleIsImportedAndConformedRetroactively() throws {
        let output = generate(#"""
            {"access": "public", "keys": {
              "order": {"type": "ComparisonResult", "rawType": "Int", "module": "Foundation", "default": -1},
              "tag": {"type": "Tag?", "rawType": "String", "module": "AppCore"},
              "mine": {"type": "Mine", "rawType": "String", "default": "a"}
            }}
            """#)
        let source = try #require(output.source, "\(output.diagnostics)")
        #expect(source.contains("public import Foundation\npublic import AppCore\npublic import TypedDefaults\n"))
        #expect(source.contains("nonisolated extension ComparisonResult: @retroactive DefaultsSerializable {}"))
        #expect(source.contains("nonisolated extension Tag: @retroactive DefaultsSerializable {}"))
        #expect(source.contains("nonisolated extension Mine: DefaultsSerializable {}"), "the module's own type: no @retroactive")
        #expect(source.contains("default: (ComparisonResult(rawValue: -1) as ComparisonResult?)!"))
    }

    @Test(arguments: [
        (#"{"keys": {"tag": {"type": "String", "default": "", "module": "AppCore"}}}"#,
         #"1:62: error: "module" names where a "rawType" key's type is declared; give "rawType" too, or remove "module""#),
        (#"{"keys": {"tag": {"type": "Tag?", "rawType": "String", "module": "App Core"}}}"#,
         #"1:66: error: "module" must name the module that declares the key's type, such as "Foundation" or "AppCore", not "App Core""#),
    ])
    func aModuleWithoutRawTypeOrNotAModuleNameIsALocatedError(schema: String, message: String) {
        let output = generate(schema)
        #expect(output.source == nil)
        #expect(output.diagnostics.map(\.description).contains(message), "\(output.diagnostics.map(\.description))")
    }

    /// A typed `renamedFrom` with `values` on a `rawType` key: the new values are its raw values, as its default is.
    @Test func typedMigrationValuesOfARawTypeKeyAreRawValues() throws {
        let output = generate(#"{"keys": {"tag": {"type": "Tag", "rawType": "String", "default": "a", "renamedFrom": [{"name": "oldTag", "type": "Int", "values": {"0": "a", "1": "b"}}]}}}"#)
        let source = try #require(output.source, "\(output.diagnostics)")
        #expect(output.diagnostics.isEmpty)
        #expect(source.contains(#"values: [0: (Tag(rawValue: "a") as Tag?)!, 1: (Tag(rawValue: "b") as Tag?)!]"#), "\(source)")
        let wrong = generate(#"{"keys": {"tag": {"type": "Tag", "rawType": "String", "default": "a", "renamedFrom": [{"name": "oldTag", "type": "Int", "values": {"0": 5}}]}}}"#)
        #expect(wrong.diagnostics.map(\.description) == [#"1:137: error: the default must be a string for type String, not an integer"#])
    }
}
