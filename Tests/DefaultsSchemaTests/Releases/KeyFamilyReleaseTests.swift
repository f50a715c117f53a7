import DefaultsFormats
@testable import DefaultsSchema
import Testing

/// Key families in `defaults.releases.json`: recorded with their name template and parameter type, and checked like
/// keys (renamed, retyped, moved, dropped).
@Suite struct KeyFamilyReleaseTests {
    /// Version 1 recorded as release 1.0, then the diagnostics version 2 gets.
    private func check(_ version1: String, then version2: String) throws -> [String] {
        let schema = try #require(generate(version1).schema)
        var record = ReleaseRecord()
        record.record(Release(version: "1.0", schema: schema))
        let output = DefaultsKeysGenerator(namespace: "Test").generate(schema: Array(version2.utf8), sourceName: "defaults.json",
                                                                      releases: Array(record.fileText.utf8))
        #expect(output.releaseFileDiagnostics.isEmpty, "the recorded file reads back")
        return output.diagnostics.map(\.description)
    }

    private let calendars = #"{"keys": {"calendars": {"type": "[String]", "default": [], "parameter": "widgetID"}}}"#

    @Test func aFamilyIsRecordedWithItsTemplateAndParameterAndReadBack() throws {
        let schema = try #require(generate(#"{"keys": {"a": 1, "zoom": {"type": "Double", "default": 1, "parameter": {"name": "index", "type": "Int"}, "suite": "group.x"}}}"#).schema)
        var record = ReleaseRecord()
        record.record(Release(version: "1.0", schema: schema))
        #expect(record.fileText.contains(#"      "families": [\#n        { "swiftName": "zoom", "name": "zoom_{index}", "parameter": "Int", "suite": "group.x", "type": "Double" }\#n      ],"#))
        var diagnostics = Diagnostics()
        let root = try #require(JSONReader.read(Array(record.fileText.utf8), diagnostics: &diagnostics))
        #expect(ReleaseRecord.read(root, diagnostics: &diagnostics) == record)
        // A schema without families records no "families": files written before them stay as they were.
        let plain = try #require(generate(#"{"keys": {"a": 1}}"#).schema)
        #expect(!ReleaseRecord(releases: [Release(version: "1.0", schema: plain)]).fileText.contains("families"))
    }

    /// A narrower member type loses some values: an error, as for a key, unless the family accepts the loss.
    @Test func aNarrowerMemberTypeIsAnErrorUntilAccepted() throws {
        let before = #"{"keys": {"zoom": {"type": "Int", "default": 1, "parameter": "id"}}}"#
        #expect(try check(before, then: #"{"keys": {"zoom": {"type": "Int16", "default": 1, "parameter": "id"}}}"#) == [
            #"1:11: error: release 1.0 stored the members of "zoom" as Int; as Int16, some users would lose their value: values outside Int16's range read the default. Keep the type, or accept the loss with "acceptLostValuesSince": "1.0" on the family"#,
        ])
        #expect(try check(before, then: #"{"keys": {"zoom": {"type": "Int16", "default": 1, "parameter": "id", "acceptLostValuesSince": "1.0"}}}"#).filter { $0.contains("error") } == [])
    }

    @Test func anUnchangedFamilyPasses() throws {
        #expect(try check(calendars, then: calendars).isEmpty)
    }

    @Test func aTemplateChangedWithoutRenamedFromIsAnError() throws {
        let renamed = #"{"keys": {"calendars": {"type": "[String]", "default": [], "parameter": "widgetID", "key": "{widgetID}_calendars"}}}"#
        #expect(try check(calendars, then: renamed) == [
            #"1:11: error: the family "calendars" stored its members as "calendars_{widgetID}" in release 1.0 and stores them as "{widgetID}_calendars" now: users would lose every member's value; add "renamedFrom": ["calendars_{widgetID}"]"#,
        ])
        let fixed = #"{"keys": {"calendars": {"type": "[String]", "default": [], "parameter": "widgetID", "key": "{widgetID}_calendars", "renamedFrom": ["calendars_{widgetID}"]}}}"#
        #expect(try check(calendars, then: fixed).isEmpty)
    }

    @Test func aRetypedFamilyFollowsTheRulesOfKeys() throws {
        let retyped = #"{"keys": {"calendars": {"type": "Int", "default": 0, "parameter": "widgetID"}}}"#
        #expect(try check(calendars, then: retyped) == [
            #"1:11: error: release 1.0 stored the members of "calendars" as [String]; as Int, users would lose them: a stored array ([String]) is not readable as Int. Keep the type, or declare a family under another name template and list "calendars_{widgetID}" in "retired""#,
        ])
        let parameterRetyped = #"{"keys": {"calendars": {"type": "[String]", "default": [], "parameter": {"name": "widgetID", "type": "Int"}}}}"#
        #expect(try check(calendars, then: parameterRetyped) == [
            #"1:11: error: release 1.0 stored members of "calendars" with a String parameter; an Int parameter would not read those whose names are not integers; keep "type": "String" for the parameter"#,
        ])
    }

    @Test func aDroppedOrMovedFamilyIsAnErrorUnlessRetired() throws {
        #expect(try check(calendars, then: #"{"keys": {"a": 1}}"#) == [
            #"1:10: error: release 1.0 stored the family "calendars" as "calendars_{widgetID}", and no family reads it now: users would lose its members' values silently; restore the family, move it to a family with "renamedFrom", or list "calendars_{widgetID}" in "retired""#,
        ])
        #expect(try check(calendars, then: #"{"retired": ["calendars_{widgetID}"], "keys": {"a": 1}}"#).isEmpty)
        let moved = #"{"keys": {"calendars": {"type": "[String]", "default": [], "parameter": "widgetID", "suite": "group.x"}}}"#
        #expect(try check(calendars, then: moved) == [
            #"1:11: error: the family "calendars" moved from the standard suite to "group.x" since release 1.0: users would lose every member's value; keep it in the standard suite"#,
        ])
    }
}
