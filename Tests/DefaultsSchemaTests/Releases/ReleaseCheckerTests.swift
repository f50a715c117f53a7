import DefaultsFormats
@testable import DefaultsSchema
import Testing

/// Version 1 of a schema, recorded as release 1.0, then version 2: the diagnostics the build gives version 2.
func check(_ version1: String, then version2: String, releases: String = "1.0") -> [String] {
    var record = ReleaseRecord()
    for version in releases.split(separator: " ") {
        guard let schema = generate(version1).schema else { return ["version 1 does not validate"] }
        record.record(Release(version: String(version), schema: schema))
    }
    let output = DefaultsKeysGenerator(namespace: "Test").generate(schema: Array(version2.utf8), sourceName: "defaults.json",
                                                                  releases: Array(record.fileText.utf8))
    #expect(output.releaseFileDiagnostics.isEmpty, "the recorded file reads back")
    return output.diagnostics.map(\.description)
}

/// One breaking-change rule: the change that must fail, with its exact message and location, and the same change
/// with the migration (or `retired`) that makes it pass.
struct BreakingChange: CustomTestStringConvertible, Sendable {
    let rule: String
    let version1: String
    let breaking: String
    let message: String
    let fixed: String
    var testDescription: String { rule }
}

let breakingChanges: [BreakingChange] = [
    BreakingChange(rule: "1. a type no longer readable",
        version1: #"{"keys": {"count": 0}}"#,
        breaking: #"{"keys": {"count": {"type": "String", "default": ""}}}"#,
        message: #"1:11: error: release 1.0 stored "count" as Int; as String, users would lose it: a stored Int is not readable as String. Keep the type, or map the old values: "renamedFrom": [{"name": "count", "type": "Int", "values": {…}}]"#,
        fixed: #"{"keys": {"count": {"type": "Count", "cases": {"none": "0", "one": "1"}, "default": "0", "renamedFrom": [{"name": "count", "type": "Int", "values": {"0": "0", "1": "1"}}]}}}"#),
    BreakingChange(rule: "1. an enum's raw type",
        version1: #"{"keys": {"mode": {"type": "Mode", "cases": ["a", "b"], "default": "a"}}}"#,
        breaking: #"{"keys": {"mode": {"type": "Mode", "cases": [1, 2], "default": 1}}}"#,
        message: #"1:11: error: release 1.0 stored "mode" as Mode; as Mode, users would lose it: the raw values of Mode are integers, those stored are strings. Keep the cases, or map the old raw values: "renamedFrom": [{"name": "mode", "type": "String", "values": {…}}]"#,
        fixed: #"{"keys": {"mode": {"type": "Mode", "cases": [1, 2], "default": 1, "renamedFrom": [{"name": "mode", "type": "String", "values": {"a": 1, "b": 2}}]}}}"#),
    BreakingChange(rule: "1. array to scalar",
        version1: #"{"keys": {"tags": {"type": "[String]", "default": []}}}"#,
        breaking: #"{"keys": {"tags": {"type": "String", "default": ""}}}"#,
        message: #"1:11: error: release 1.0 stored "tags" as [String]; as String, users would lose it: a stored array ([String]) is not readable as String. Keep the type, or store the new form under another name with "key" and list "tags" in "retired""#,
        fixed: #"{"retired": ["tags"], "keys": {"tag": {"type": "String", "default": ""}}}"#),
    BreakingChange(rule: "2. an enum case removed",
        version1: #"{"keys": {"theme": {"type": "Theme", "cases": ["light", "dark", "sepia"], "default": "light"}}}"#,
        breaking: #"{"keys": {"theme": {"type": "Theme", "cases": ["light", "dark"], "default": "light"}}}"#,
        message: #"1:11: error: release 1.0 stored "theme" as Theme; as Theme, users would lose it: Theme no longer has the case "sepia", so users who chose it would read the default. Keep the cases, or map the old raw values: "renamedFrom": [{"name": "theme", "type": "String", "values": {…}}]"#,
        fixed: #"{"keys": {"theme": {"type": "Theme", "cases": ["light", "dark"], "default": "light", "renamedFrom": [{"name": "theme", "type": "String", "values": {"sepia": "light"}}]}}}"#),
    BreakingChange(rule: "3. a key removed",
        version1: #"{"keys": {"a": 1, "b": 2}}"#,
        breaking: #"{"keys": {"a": 1}}"#,
        message: #"1:10: error: release 1.0 stored "b" as "b", and no key reads it now: users would lose the value silently; restore the key, move it to a key with "renamedFrom", or list "b" in "retired""#,
        fixed: #"{"retired": ["b"], "keys": {"a": 1}}"#),
    BreakingChange(rule: "3. a key renamed without renamedFrom",
        version1: #"{"keys": {"volume": 0.5}}"#,
        breaking: #"{"keys": {"volume": {"type": "Double", "default": 0.5, "key": "soundVolume"}}}"#,
        message: #"1:11: error: "volume" was stored as "volume" in release 1.0 and is stored as "soundVolume" now: users would lose their value; add "renamedFrom": ["volume"]"#,
        fixed: #"{"keys": {"volume": {"type": "Double", "default": 0.5, "key": "soundVolume", "renamedFrom": ["volume"]}}}"#),
    BreakingChange(rule: "3. \"key\" recorded when it took the key prefix",
        version1: #"{"keyPrefix": "app.", "keys": {"quit": {"type": "Bool", "default": false, "key": "app.QuitAlways"}}}"#,
        breaking: #"{"keyPrefix": "app.", "keys": {"quit": {"type": "Bool", "default": false, "key": "QuitAlways"}}}"#,
        message: #"1:32: error: "quit" was stored as "app.QuitAlways" in release 1.0, when "key" took the key prefix; "key" is the stored name exactly now, so it is stored as "QuitAlways" and users would lose their value; write "key": "app.QuitAlways" to keep it where it is, or add "renamedFrom": ["app.QuitAlways"] to move it"#,
        fixed: #"{"keyPrefix": "app.", "keys": {"quit": {"type": "Bool", "default": false, "key": "QuitAlways", "renamedFrom": ["app.QuitAlways"]}}}"#),
    BreakingChange(rule: "4. a stored name reused by another key",
        version1: #"{"keys": {"level": 1}}"#,
        breaking: #"{"keys": {"brightness": {"type": "Int", "default": 1, "key": "level"}, "level": {"type": "Int", "default": 1, "key": "volumeLevel"}}}"#,
        message: #"1:11: error: the stored name "level" held "level" in release 1.0 and now belongs to "brightness" ("level" is stored as "volumeLevel"): users' old value of "level" would be read as "brightness"; store "brightness" under another name with "key", and move "level" with "renamedFrom": ["level"]"#,
        fixed: #"{"keys": {"brightness": {"type": "Int", "default": 1, "key": "brightnessLevel"}, "level": {"type": "Int", "default": 1, "key": "volumeLevel", "renamedFrom": ["level"]}}}"#),
    BreakingChange(rule: "4. a key moved to another suite",
        version1: #"{"keys": {"lastAccount": {"type": "String?"}}}"#,
        breaking: #"{"keys": {"lastAccount": {"type": "String?", "suite": "group.com.example.shared"}}}"#,
        message: #"1:11: error: "lastAccount" moved from the standard suite to "group.com.example.shared" since release 1.0: users would lose their value; move it with "renamedFrom": [{"name": "lastAccount", "suite": "standard"}]"#,
        fixed: #"{"keys": {"lastAccount": {"type": "String?", "suite": "group.com.example.shared", "renamedFrom": [{"name": "lastAccount", "suite": "standard"}]}}}"#),
    BreakingChange(rule: "5. a record field retyped",
        version1: #"{"types": {"Frame": {"fields": {"tag": {"type": "String", "default": ""}}}}, "keys": {"frame": {"type": "Frame"}}}"#,
        breaking: #"{"types": {"Frame": {"fields": {"tag": {"type": "Int", "default": 0}}}}, "keys": {"frame": {"type": "Frame"}}}"#,
        message: #"1:83: error: release 1.0 stored "frame" as Frame; as Frame, users would lose it: its field "tag" changed from String to Int: a stored String is not readable as Int. Keep the field's type, or give the new field another name (stored values keep their other fields)"#,
        fixed: #"{"types": {"Frame": {"fields": {"tag": {"type": "String", "default": ""}, "tagNumber": {"type": "Int", "default": 0}}}}, "keys": {"frame": {"type": "Frame"}}}"#),
    BreakingChange(rule: "5. a required record field added",
        version1: #"{"types": {"Query": {"fields": {"limit": 20}}}, "keys": {"query": {"type": "Query"}}}"#,
        breaking: #"{"types": {"Query": {"fields": {"limit": 20, "text": {"type": "String"}}}}, "keys": {"query": {"type": "Query", "default": {"text": ""}}}}"#,
        message: #"1:86: error: release 1.0 stored "query" as Query; as Query, users would lose it: the required field "text" of Query is in no stored value, so every stored value would read the default. Keep the field's type, or give the new field another name (stored values keep their other fields)"#,
        fixed: #"{"types": {"Query": {"fields": {"limit": 20, "text": {"type": "String", "default": ""}}}}, "keys": {"query": {"type": "Query"}}}"#),
    BreakingChange(rule: "2. a typed migration that leaves a case unmapped",
        version1: #"{"keys": {"theme": {"type": "Theme", "cases": ["light", "dark", "sepia", "blue"], "default": "light"}}}"#,
        breaking: #"{"keys": {"theme": {"type": "Theme", "cases": ["light", "dark"], "default": "light", "renamedFrom": [{"name": "theme", "type": "String", "values": {"sepia": "light"}}]}}}"#,
        message: #"1:111: error: release 1.0 stored "theme" with the case "blue" that "values" does not map and Theme cannot read: users who chose it would lose it; map it in "values""#,
        fixed: #"{"keys": {"theme": {"type": "Theme", "cases": ["light", "dark"], "default": "light", "renamedFrom": [{"name": "theme", "type": "String", "values": {"sepia": "light", "blue": "dark"}}]}}}"#),
]

@Suite struct ReleaseCheckerTests {
    @Test(arguments: breakingChanges)
    func eachBreakingChangeFailsAtTheKeyAndPassesWithItsMigration(_ change: BreakingChange) {
        let failing = check(change.version1, then: change.breaking)
        #expect(failing.contains(change.message), "\(failing)")
        #expect(failing.filter { $0.contains(": error: ") }.count == 1, "\(failing)")
        let passing = check(change.version1, then: change.fixed)
        #expect(!passing.contains { $0.contains(": error: ") }, "\(passing)")
    }

    @Test func compatibleChangesPassSilently() {
        let version1 = #"{"types": {"F": {"fields": {"x": 1}}}, "keys": {"a": {"type": "Int16", "default": 1}, "m": {"type": "M", "cases": ["x"], "default": "x"}, "f": {"type": "F"}, "l": {"type": "[Int]", "default": []}}}"#
        let version2 = #"{"types": {"F": {"fields": {"x": 1, "y": {"type": "String?"}}}}, "keys": {"a": {"type": "Int64", "default": 1}, "m": {"type": "M", "cases": ["x", "y"], "default": "x"}, "f": {"type": "F"}, "l": {"type": "Set<Int>", "default": []}, "new": true}}"#
        #expect(check(version1, then: version2) == [])
    }

    /// The app's own conversion ("swiftConvert") reads whatever was stored: accepted for any old type, in place too;
    /// without it the same retypes are breaking. An optional key with a default behaves as the non-optional one.
    @Test func migrationsByTheAppsFunctionAndOptionalsWithADefaultPass() {
        let version1 = #"{"keys": {"color": {"type": "Data", "default": ""}, "old": {"type": "[Int]", "default": []}, "name": "ann"}}"#
        let converted = #"{"keys": {"color": {"type": "String", "default": "", "renamedFrom": [{"name": "color", "swiftConvert": "Colors.string(fromArchived:)"}]}, "count": {"type": "Int", "default": 0, "renamedFrom": [{"name": "old", "swiftConvert": "Counts.sum"}]}, "name": {"type": "String?", "default": "ann"}}}"#
        #expect(check(version1, then: converted) == [])
        let unconverted = #"{"keys": {"color": {"type": "String", "default": ""}, "count": {"type": "Int", "default": 0, "renamedFrom": ["old"]}, "name": {"type": "String?"}}}"#
        let diagnostics = check(version1, then: unconverted)
        #expect(diagnostics.count == 3, "\(diagnostics)")
        #expect(diagnostics.contains { $0.hasPrefix("1:") && $0.contains("warning: \"name\" is optional since release 1.0") })
    }

    /// Made optional and renamed in the same release: an install that never changed it has nothing under the old
    /// name to move, and reads nil where it read the old default. Warned of as the plain case is.
    @Test func madeOptionalAndRenamedAtOnceIsWarnedOf() {
        let version1 = #"{"keys": {"u": {"type": "String", "default": "a"}}}"#
        let version2 = #"{"keys": {"user": {"type": "String?", "renamedFrom": ["u"]}}}"#
        #expect(check(version1, then: version2) == [
            #"1:11: warning: "user" is optional since release 1.0: users who never changed it read nil instead of the old default"#,
        ])
        let withDefault = #"{"keys": {"user": {"type": "String?", "default": "a", "renamedFrom": ["u"]}}}"#
        #expect(check(version1, then: withDefault) == [], "an optional key with a default reads it as the old key did")
    }

    /// A narrower type or range loses the values outside it: an error (once per key), not a warning; a key made
    /// optional loses no stored value and stays a warning.
    @Test func narrowingIsAnErrorAndOptionalAWarning() {
        let version1 = #"{"keys": {"n": {"type": "Int", "default": 5, "minimum": 0, "maximum": 10}, "u": {"type": "String", "default": "a"}}}"#
        let version2 = #"{"keys": {"n": {"type": "Int8", "default": 5, "minimum": 1, "maximum": 10}, "u": {"type": "String?"}}}"#
        #expect(check(version1, then: version2) == [
            #"1:11: error: the range of "n" is narrower than in release 1.0 (0…10): stored values outside it would read the default; keep the range, or accept the loss with "acceptLostValuesSince": "1.0" on the key"#,
            #"1:77: warning: "u" is optional since release 1.0: users who never changed it read nil instead of the old default"#,
        ])
    }

    @Test func everyReleaseIsCheckedNotOnlyTheNewest() {
        // Release 1.0 had "b"; release 2.0 retired it properly; dropping "retired" now breaks 1.0's users.
        var record = ReleaseRecord()
        record.record(Release(version: "1.0", schema: generate(#"{"keys": {"a": 1, "b": 2}}"#).schema!))
        record.record(Release(version: "2.0", schema: generate(#"{"retired": ["b"], "keys": {"a": 1}}"#).schema!))
        let output = DefaultsKeysGenerator(namespace: "Test").generate(schema: Array(#"{"keys": {"a": 1}}"#.utf8), sourceName: "d", releases: Array(record.fileText.utf8))
        #expect(output.source == nil)
        #expect(output.diagnostics.map(\.description) == [#"1:10: error: release 1.0 stored "b" as "b", and no key reads it now: users would lose the value silently; restore the key, move it to a key with "renamedFrom", or list "b" in "retired""#])
    }

    @Test func theRecordIsStableAndReadsBack() throws {
        let schema = try #require(generate(#"{"suite": "group.x", "types": {"Q": {"fields": {"t": {"type": "String"}, "n": 1}}}, "keys": {"z": {"type": "Q", "default": {"t": ""}}, "a": {"type": "M", "cases": [1, 2], "default": 1, "minimum": null}}}"#.replacingOccurrences(of: #", "minimum": null"#, with: "")).schema)
        var record = ReleaseRecord()
        record.record(Release(version: "1.0", schema: schema))
        record.record(Release(version: "1.0", schema: schema))
        #expect(record.releases.count == 1)
        #expect(record.fileText == """
            {
              "$comment": "Written by typed-defaults-gen --record-release: what each release stored. Commit it; do not edit by hand.",
              "releases": [
                {
                  "version": "1.0",
                  "keys": [
                    { "swiftName": "a", "name": "a", "suite": "group.x", "type": "M", "default": 1 },
                    { "swiftName": "z", "name": "z", "suite": "group.x", "type": "Q", "default": {"t": ""} }
                  ],
                  "types": {
                    "M": { "cases": [1, 2] },
                    "Q": { "fields": { "t": "String", "n": "Int" }, "required": ["t"] }
                  }
                }
              ]
            }

            """)
        var diagnostics = Diagnostics()
        let root = try #require(JSONReader.read(Array(record.fileText.utf8), diagnostics: &diagnostics))
        #expect(ReleaseRecord.read(root, diagnostics: &diagnostics) == record)
    }

    @Test func aDamagedRecordIsALocatedErrorInItsOwnFile() {
        let output = DefaultsKeysGenerator(namespace: "Test").generate(schema: Array(#"{"keys": {"a": 1}}"#.utf8), sourceName: "d",
                                                                      releases: Array(#"{"releases": [{"version": 1, "keys": []}]}"#.utf8))
        #expect(output.source == nil)
        #expect(output.releaseFileDiagnostics.map(\.description) == [
            #"1:15: error: each release must be an object with "version" (a string) and "keys" (an array); record releases with typed-defaults-gen --record-release VERSION rather than by hand"#,
        ])
    }
}
