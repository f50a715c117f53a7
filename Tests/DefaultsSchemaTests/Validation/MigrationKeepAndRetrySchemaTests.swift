@testable import DefaultsSchema
import Testing

/// `"keepFormer"` and `"retry"` on a `renamedFrom` object (issue 41, item 3): read, refused where meaningless,
/// generated as the runtime's modifiers, and known to the release check.
@Suite struct MigrationKeepAndRetrySchemaTests {
    @Test func theyAreGeneratedAsModifiers() throws {
        let output = generate(#"{"keys": {"tint": {"type": "String", "default": "blue", "renamedFrom": [{"name": "legacyTint", "keepFormer": true}, {"name": "oldTint", "type": "Int", "values": {"1": "red"}, "retry": true}, {"name": "archived", "swiftConvert": "Colors.name(fromArchived:)", "keepFormer": true, "retry": true}]}}}"#)
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let source = try #require(output.source)
        #expect(source.contains(#".renamed(from: "legacyTint").keepingFormerEntry()"#), "\(source)")
        #expect(source.contains(#".from("oldTint", as: Int.self, values: [1: "red"]).retryingUnconvertible()"#), "\(source)")
        #expect(source.contains(#".converted(from: "archived", by: { (Colors.name(fromArchived:))($0) }).keepingFormerEntry().retryingUnconvertible()"#), "\(source)")
    }

    @Test(arguments: [
        (#"{"keys": {"tint": {"type": "String", "default": "", "renamedFrom": [{"name": "old", "retry": true}]}}}"#,
         #"1:94: error: "retry" is for a migration that converts ("type" or "swiftConvert"): a plain rename already leaves a value it cannot read where it is"#),
        (#"{"keys": {"tint": {"type": "String", "default": "", "renamedFrom": [{"name": "old", "keepFormer": "yes"}]}}}"#,
         #"1:99: error: "keepFormer" must be true or false, not a string"#),
        (#"{"keys": {"tint": {"type": "String", "default": "", "renamedFrom": [{"name": "tint", "type": "Int", "keepFormer": true}]}}}"#,
         #"1:115: error: "keepFormer" keeps the old entry beside the new one, but "tint" is the key's own stored name, where the new value goes; remove "keepFormer", or store the new value under a new name with "key""#),
    ])
    func meaninglessUsesAreLocatedErrors(schema: String, message: String) {
        #expect(generate(schema).diagnostics.map(\.description) == [message])
    }

    /// With "retry", old cases that "values" does not map stay for a later release: a warning, not an error; and a
    /// narrowing through the migration loses nothing.
    @Test func theReleaseCheckKnowsRetriedValuesAreNotLost() {
        var record = ReleaseRecord()
        record.record(Release(version: "1.0", schema: generate(#"{"keys": {"theme": {"type": "Theme", "cases": ["light", "dark", "sepia"], "default": "light"}, "n": 0}}"#).schema!))
        func check(_ json: String) -> [String] {
            DefaultsKeysGenerator(namespace: "Test").generate(schema: Array(json.utf8), sourceName: "d", releases: Array(record.fileText.utf8)).diagnostics.map(\.description)
        }
        let unmapped = #"{"keys": {"theme": {"type": "Theme", "cases": ["light", "dark"], "default": "light", "renamedFrom": [{"name": "theme", "type": "String", "values": {"darkish": "dark"}, "retry": true}]}, "n": 0}}"#
        #expect(check(unmapped) == [
            #"1:111: warning: release 1.0 stored "theme" with the case "sepia" that "values" does not map: users who chose it read the default until a release maps it ("retry" keeps the old value)"#,
        ])
        #expect(check(unmapped.replacingOccurrences(of: #", "retry": true"#, with: "")).first?.contains("error:") == true)
        let narrowed = #"{"keys": {"theme": {"type": "Theme", "cases": ["light", "dark", "sepia"], "default": "light"}, "count": {"type": "Int8", "default": 0, "renamedFrom": [{"name": "n", "type": "Int", "retry": true}]}}}"#
        #expect(check(narrowed) == [])
    }
}
