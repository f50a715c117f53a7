import DefaultsSchema
import Testing

/// Keys the Settings app cannot edit in the suite they are read from: each refused at its entry in
/// `settingsBundle`, with the reason. A Settings bundle stores a screen's values in the app's own domain, or in the
/// app group its file names (`ApplicationGroupContainerIdentifier`), and nowhere else.
let settingsBundleSuiteErrors: [BadSchema] = [
    // A key's own suite, not an app group.
    BadSchema(#"{"settingsBundle": {"groups": [{"keys": [‸"a"]}]}, "keys": {"a": {"type": "Bool", "default": true, "suite": "com.example.local"}}}"#,
              #""a" lives in the suite "com.example.local", which the Settings app cannot edit: it stores values in the app's standard suite or in an app group named "group.…" (ApplicationGroupContainerIdentifier); move the key to one of those or leave it out of "settingsBundle""#),
    // The schema's suite, not an app group.
    BadSchema(#"{"suite": "com.example.local", "settingsBundle": {"groups": [{"keys": [‸"a"]}]}, "keys": {"a": true}}"#,
              #""a" lives in the suite "com.example.local", which the Settings app cannot edit: it stores values in the app's standard suite or in an app group named "group.…" (ApplicationGroupContainerIdentifier); move the key to one of those or leave it out of "settingsBundle""#),
    // A macOS app group, named after a team identifier: iOS has no such group.
    BadSchema(#"{"settingsBundle": {"groups": [{"title": "Shared", "keys": ["b", ‸"a"]}]}, "keys": {"a": {"type": "Int", "default": 1, "suite": "ABCDE12345.shared"}, "b": true}}"#,
              #""a" lives in "ABCDE12345.shared", an app group of macOS only (named after a team identifier), and the iOS Settings app edits only the app's standard suite and app groups named "group.…"; move the key to one of those or leave it out of "settingsBundle""#),
    BadSchema(#"{"suite": "ABCDE12345.shared", "settingsBundle": {"groups": [{"keys": [‸"a"]}]}, "keys": {"a": true}}"#,
              #""a" lives in "ABCDE12345.shared", an app group of macOS only (named after a team identifier), and the iOS Settings app edits only the app's standard suite and app groups named "group.…"; move the key to one of those or leave it out of "settingsBundle""#),
]

@Suite struct SettingsBundleSuiteErrorTests {
    @Test(arguments: settingsBundleSuiteErrors)
    func reportsTheExactLocationAndMessage(_ bad: BadSchema) {
        let (schema, location) = bad.schemaAndLocation
        let output = generate(schema)
        #expect(output.source == nil, "no output for a bad schema")
        let errors = output.diagnostics.filter { $0.severity == .error }
        #expect(errors == [Diagnostic(.error, at: location, bad.message)], "got: \(errors.map { $0.description })")
    }

    /// Keys the Settings app can edit are no error, wherever they live: the standard suite, the schema's app group,
    /// another app group (on a screen of its own).
    @Test func keysOfTheStandardSuiteAndOfAppGroupsAreShown() {
        let json = #"{"suite": "group.a", "settingsBundle": {"groups": [{"title": "T", "keys": ["a", "b"]}]}, "keys": {"a": true, "b": {"type": "Bool", "default": true, "suite": "group.b"}}}"#
        #expect(generate(json).diagnostics.isEmpty)
        #expect(generate(#"{"settingsBundle": {"groups": [{"keys": ["a"]}]}, "keys": {"a": true}}"#).diagnostics.isEmpty)
    }
}
