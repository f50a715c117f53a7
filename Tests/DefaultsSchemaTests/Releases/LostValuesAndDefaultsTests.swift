import Foundation
@testable import DefaultsSchema
import Testing

/// Schemas recorded as releases in order (`versions[i]` as release `names[i]`), then `now`: the build's diagnostics.
private func check(releases versions: [(name: String, json: String)], now: String) -> [String] {
    generateChecked(releases: versions, now: now).diagnostics.map(\.description)
}

private func generateChecked(releases versions: [(name: String, json: String)], now: String) -> DefaultsKeysGenerator.Output {
    var record = ReleaseRecord()
    for (name, json) in versions {
        guard let schema = generate(json).schema else {
            Issue.record("release \(name) does not validate")
            continue
        }
        record.record(Release(version: name, schema: schema))
    }
    return DefaultsKeysGenerator(namespace: "Test").generate(schema: Array(now.utf8), sourceName: "defaults.json", releases: Array(record.fileText.utf8))
}

/// One change that loses some stored values: refused with its message, accepted with `acceptLostValuesSince`.
struct LossyChange: CustomTestStringConvertible, Sendable {
    let rule: String
    let before: String
    let after: String
    let message: String
    var testDescription: String { rule }
}

let lossyChanges: [LossyChange] = [
    LossyChange(rule: "Int → Int16",
        before: #"{"keys": {"n": {"type": "Int", "default": 0}}}"#,
        after: #"{"keys": {"n": {"type": "Int16", "default": 0}}}"#,
        message: #"1:11: error: release 1.0 stored "n" as Int; as Int16, some users would lose their value: values outside Int16's range read the default. Keep the type, or map the old values: "renamedFrom": [{"name": "n", "type": "Int", "values": {…}}], or accept the loss with "acceptLostValuesSince": "1.0" on the key"#),
    LossyChange(rule: "Double → Int",
        before: #"{"keys": {"n": {"type": "Double", "default": 0}}}"#,
        after: #"{"keys": {"n": {"type": "Int", "default": 0}}}"#,
        message: #"1:11: error: release 1.0 stored "n" as Double; as Int, some users would lose their value: only whole numbers read; others read the default. Keep the type, or map the old values: "renamedFrom": [{"name": "n", "type": "Double", "values": {…}}], or accept the loss with "acceptLostValuesSince": "1.0" on the key"#),
    LossyChange(rule: "Double → Float",
        before: #"{"keys": {"n": {"type": "Double", "default": 0}}}"#,
        after: #"{"keys": {"n": {"type": "Float", "default": 0}}}"#,
        message: #"1:11: error: release 1.0 stored "n" as Double; as Float, some users would lose their value: values are read with Float's precision. Keep the type, or map the old values: "renamedFrom": [{"name": "n", "type": "Double", "values": {…}}], or accept the loss with "acceptLostValuesSince": "1.0" on the key"#),
    LossyChange(rule: "String → enum",
        before: #"{"keys": {"mode": {"type": "String", "default": "a"}}}"#,
        after: #"{"keys": {"mode": {"type": "Mode", "cases": ["a", "b"], "default": "a"}}}"#,
        message: #"1:11: error: release 1.0 stored "mode" as String; as Mode, some users would lose their value: stored values that are not raw values of Mode read the default. Keep the type, or map the old values: "renamedFrom": [{"name": "mode", "type": "String", "values": {…}}], or accept the loss with "acceptLostValuesSince": "1.0" on the key"#),
    LossyChange(rule: "String → URL",
        before: #"{"keys": {"home": {"type": "String", "default": "https://example.com"}}}"#,
        after: #"{"keys": {"home": {"type": "URL", "default": "https://example.com"}}}"#,
        message: #"1:11: error: release 1.0 stored "home" as String; as URL, some users would lose their value: strings that are not a URL read the default. Keep the type, or map the old values: "renamedFrom": [{"name": "home", "type": "String", "values": {…}}], or accept the loss with "acceptLostValuesSince": "1.0" on the key"#),
    LossyChange(rule: "URL → String",
        before: #"{"keys": {"home": {"type": "URL", "default": "https://example.com"}}}"#,
        after: #"{"keys": {"home": {"type": "String", "default": "https://example.com"}}}"#,
        message: #"1:11: error: release 1.0 stored "home" as URL; as String, some users would lose their value: web and other non-file URLs are stored as archived data, which a String key reads as nothing. Keep the type, or map the old values: "renamedFrom": [{"name": "home", "type": "URL", "values": {…}}], or accept the loss with "acceptLostValuesSince": "1.0" on the key"#),
    LossyChange(rule: "an Int enum read as a narrower integer",
        before: #"{"keys": {"level": {"type": "Level", "cases": {"low": 1, "huge": 400}, "default": 1}}}"#,
        after: #"{"keys": {"level": {"type": "Int8", "default": 1}}}"#,
        message: #"1:11: error: release 1.0 stored "level" as Level; as Int8, some users would lose their value: the raw value 400 of Level is outside Int8's range and read the default. Keep the cases, or map the old raw values: "renamedFrom": [{"name": "level", "type": "Int", "values": {…}}], or accept the loss with "acceptLostValuesSince": "1.0" on the key"#),
    LossyChange(rule: "a range narrowed",
        before: #"{"keys": {"n": {"type": "Int", "default": 5, "minimum": 0, "maximum": 10}}}"#,
        after: #"{"keys": {"n": {"type": "Int", "default": 5, "minimum": 0, "maximum": 8}}}"#,
        message: #"1:11: error: the range of "n" is narrower than in release 1.0 (0…10): stored values outside it would read the default; keep the range, or accept the loss with "acceptLostValuesSince": "1.0" on the key"#),
    LossyChange(rule: "a rename to a narrower type",
        before: #"{"keys": {"n": {"type": "Int", "default": 0}}}"#,
        after: #"{"keys": {"count": {"type": "Int16", "default": 0, "renamedFrom": ["n"]}}}"#,
        message: #"1:68: error: release 1.0 stored "n" as Int, which "count" (Int16) reads only in part: values outside Int16's range read the default; give the old "type" and "values" to map them, or accept the loss with "acceptLostValuesSince": "1.0" on the key"#),
    LossyChange(rule: "a typed migration to a narrower type, without values",
        before: #"{"keys": {"n": {"type": "Int", "default": 0}}}"#,
        after: #"{"keys": {"count": {"type": "Int16", "default": 0, "renamedFrom": [{"name": "n", "type": "Int"}]}}}"#,
        message: #"1:77: error: an old Int value may not read as Int16 (values outside Int16's range read the default); map the old values with "values", or accept the loss with "acceptLostValuesSince": "1.0" on the key"#),
]

@Suite struct LostValuesAndDefaultsTests {
    @Test(arguments: lossyChanges)
    func aChangeThatLosesSomeValuesIsAnErrorUntilAccepted(_ change: LossyChange) {
        let refused = check(releases: [("1.0", change.before)], now: change.after)
        #expect(refused == [change.message])
        let accepted = change.after.replacingOccurrences(of: #""default":"#, with: #""acceptLostValuesSince": "1.0", "default":"#)
        #expect(check(releases: [("1.0", change.before)], now: accepted) == [])
    }

    @Test func aLossIsReportedOnceNamingTheNewestRelease() {
        let int = #"{"keys": {"n": {"type": "Int", "default": 0}}}"#
        #expect(check(releases: [("1.0", int), ("1.1", int)], now: #"{"keys": {"n": {"type": "Int16", "default": 0}}}"#) == [
            #"1:11: error: release 1.1 stored "n" as Int; as Int16, some users would lose their value: values outside Int16's range read the default. Keep the type, or map the old values: "renamedFrom": [{"name": "n", "type": "Int", "values": {…}}], or accept the loss with "acceptLostValuesSince": "1.1" on the key"#,
        ])
    }

    /// Recorded with release 1.1, the acceptance covers 1.0's values from then on; a further narrowing since 1.1
    /// needs one of its own.
    @Test func anAcceptanceIsRecordedAndCoversTheReleasesBeforeIt() throws {
        let accepted = #"{"keys": {"n": {"type": "Int16", "default": 0, "acceptLostValuesSince": "1.0"}}}"#
        let releases = [("1.0", #"{"keys": {"n": {"type": "Int", "default": 0}}}"#), ("1.1", accepted)]
        let output = generateChecked(releases: releases, now: #"{"keys": {"n": {"type": "Int16", "default": 0}}}"#)
        #expect(output.diagnostics.isEmpty)
        #expect(output.releases?.releases.last?.keys.first?.acceptedLossSince == "1.0")
        #expect(try #require(output.releases).fileText.contains(#""acceptLostValuesSince": "1.0""#))
        #expect(check(releases: releases, now: #"{"keys": {"n": {"type": "Int8", "default": 0}}}"#) == [
            #"1:11: error: release 1.1 stored "n" as Int16; as Int8, some users would lose their value: values outside Int8's range read the default. Keep the type, or map the old values: "renamedFrom": [{"name": "n", "type": "Int16", "values": {…}}], or accept the loss with "acceptLostValuesSince": "1.1" on the key"#,
        ])
    }

    @Test func anAcceptanceMustNameARecordedReleaseAndAcceptSomething() {
        let before = #"{"keys": {"n": {"type": "Int", "default": 0}}}"#
        #expect(check(releases: [("1.0", before)], now: #"{"keys": {"n": {"type": "Int16", "default": 0, "acceptLostValuesSince": "2.0"}}}"#) == [
            #"1:11: error: release 1.0 stored "n" as Int; as Int16, some users would lose their value: values outside Int16's range read the default. Keep the type, or map the old values: "renamedFrom": [{"name": "n", "type": "Int", "values": {…}}], or accept the loss with "acceptLostValuesSince": "1.0" on the key"#,
            #"1:73: error: "acceptLostValuesSince" names release "2.0", which defaults.releases.json does not record; name the newest recorded release, "1.0""#,
        ])
        #expect(check(releases: [("1.0", before)], now: #"{"keys": {"n": {"type": "Int", "default": 0, "acceptLostValuesSince": "1.0"}}}"#) == [
            #"1:71: warning: "n" loses no stored value since release 1.0, so "acceptLostValuesSince" accepts nothing; remove it"#,
        ])
        #expect(generate(#"{"keys": {"n": {"type": "Int", "default": 0, "acceptLostValuesSince": 1}}}"#).diagnostics.map(\.description) == [
            #"1:71: error: "acceptLostValuesSince" must name a recorded release, such as "1.4": the newest one whose users may lose values to this change"#,
        ])
    }

    @Test func aChangedDefaultIsAWarningThatSaysWhoIsAffected() {
        let before = #"{"keys": {"theme": {"type": "Theme", "cases": ["light", "dark"], "default": "light"}, "size": 12}}"#
        #expect(check(releases: [("1.0", before)], now: #"{"keys": {"theme": {"type": "Theme", "cases": ["light", "dark"], "default": "dark"}, "size": 12.0}}"#) == [
            #"1:11: warning: the default of "theme" changed from "light" to "dark" since release 1.0: everyone who never set it reads "dark" after updating; to keep "light" for installs that ran release 1.0 or earlier, add "keepPreviousDefault": true"#,
        ], "12 and 12.0 are one Double default")
    }

    @Test func keepPreviousDefaultSilencesTheWarningAndListsEachEarlierDefault() throws {
        let releases = [
            ("1.0", #"{"keys": {"limit": {"type": "Int", "default": 10}}}"#),
            ("1.1", #"{"keys": {"limit": {"type": "Int", "default": 10}}}"#),
            ("1.2", #"{"keys": {"limit": {"type": "Int", "default": 20, "keepPreviousDefault": true}}}"#),
        ]
        let output = generateChecked(releases: releases, now: #"{"keys": {"limit": {"type": "Int", "default": 30, "keepPreviousDefault": true}}}"#)
        #expect(output.diagnostics.isEmpty)
        let source = try #require(output.source)
        #expect(source.contains(#"default: 30,"#) && source.contains(#"migrations: ["#), "\(source)")
        let steps = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix(".previousDefault(") }
        #expect(steps == [#".previousDefault(10, throughRelease: "1.1"),"#, #".previousDefault(20, throughRelease: "1.2"),"#])
        #expect(source.contains("/// Installs that first ran release 1.1 or earlier read `10` while it is not set."), "\(source)")
    }

    @Test func keepPreviousDefaultWithNothingToKeepIsAWarning() {
        let same = #"{"keys": {"limit": {"type": "Int", "default": 10, "keepPreviousDefault": true}}}"#
        #expect(check(releases: [("1.0", #"{"keys": {"limit": 10}}"#)], now: same) == [
            #"1:74: warning: no recorded release gave "limit" another default, so "keepPreviousDefault" keeps nothing; remove it"#,
        ])
        #expect(generate(same).diagnostics.map(\.description) == [
            "1:74: warning: " + DefaultsKeysGenerator.keepWithoutReleasesMessage,
        ])
    }
}
