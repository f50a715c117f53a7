@testable import DefaultsSchema
import Testing

/// `"key"`, `renamedFrom` and `retired` name what is stored, exactly; `keyPrefix` prefixes only the names made from
/// key identifiers (issue 40, item 5).
@Suite struct StoredNameTests {
    private func keys(_ json: String) throws -> [String: KeyDeclaration] {
        let schema = try #require(generate(json).schema)
        return Dictionary(uniqueKeysWithValues: schema.keys.map { ($0.identifier, $0) })
    }

    @Test func keyIsTheStoredNameExactlyAndThePrefixMakesTheOthers() throws {
        let keys = try keys(#"{"keyPrefix": "app.", "keys": {"quitAlways": {"type": "Bool", "default": false, "key": "NSQuitAlwaysKeepsWindows"}, "volume": 0.5, "size": {"type": "Int", "default": 1, "key": "size"}}}"#)
        #expect(keys["quitAlways"]?.storedName == "NSQuitAlwaysKeepsWindows")
        #expect(keys["volume"]?.storedName == "app.volume")
        #expect(keys["size"]?.storedName == "size")
    }

    @Test func repeatingTheNameInKeyOptsOutOfThePrefixWithoutAWarning() {
        // Without a prefix, repeating the name says nothing: a warning. With one, it stores the name unprefixed.
        #expect(generate(#"{"keyPrefix": "app.", "keys": {"size": {"type": "Int", "default": 1, "key": "size"}}}"#).diagnostics.isEmpty)
        #expect(generate(#"{"keys": {"size": {"type": "Int", "default": 1, "key": "size"}}}"#).diagnostics.map(\.description)
            == [#"1:56: warning: "key" repeats the key's name, which is already the stored key; remove it"#])
    }

    @Test func formerAndRetiredNamesAreStoredNamesExactly() throws {
        let json = #"{"keyPrefix": "app.", "retired": ["legacyFlag"], "keys": {"volume": {"type": "Double", "default": 0.5, "renamedFrom": ["soundLevel", {"name": "app.loudness"}]}}}"#
        let schema = try #require(generate(json).schema)
        #expect(schema.keys.first?.migrations.map(\.name) == ["soundLevel", "app.loudness"])
        #expect(schema.retired == ["legacyFlag"])
    }

    @Test func aSystemSettingUnderAPrefixReadsTheSystemsName() {
        // docs/Schema.md's promise: with a prefix, "key": "NSQuitAlwaysKeepsWindows" is the system setting.
        let output = generate(#"{"keyPrefix": "app.", "keys": {"quitAlways": {"type": "Bool", "default": false, "key": "NSQuitAlwaysKeepsWindows"}}}"#)
        #expect(output.diagnostics.isEmpty)
        #expect(output.source?.contains(#""NSQuitAlwaysKeepsWindows","#) == true || output.source?.contains(#"("NSQuitAlwaysKeepsWindows""#) == true)
    }
}
