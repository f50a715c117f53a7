import DefaultsSchema
import Foundation
import Testing

/// `"parameter"` on a key (a key family): the name template, the parameter, and what a family cannot be, each a
/// located error whose message names the fix.
@Suite struct KeyFamilyValidationTests {
    /// The messages of `json`'s diagnostics, located.
    private func messages(_ json: String) -> [String] {
        generate(json).diagnostics.map(\.description)
    }

    @Test func withoutKeyAMemberIsStoredUnderThePrefixTheNameAndTheParameter() throws {
        let schema = try #require(generate(#"{"keyPrefix": "p_", "keys": {"calendars": {"type": "[String]", "default": [], "parameter": "widgetID"}}}"#).schema)
        #expect(schema.keys.isEmpty)
        let family = try #require(schema.families.first)
        #expect(family.nameTemplate == "p_calendars_{widgetID}")
        #expect(family.parameterName == "widgetID")
        #expect(family.parameterType == .string)
    }

    @Test func aKeyTemplateIsTheStoredNameExactlyWithoutThePrefix() throws {
        let schema = try #require(generate(#"{"keyPrefix": "p_", "keys": {"calendars": {"type": "[String]", "default": [], "parameter": "widgetID", "key": "{widgetID}_selectedCalendars", "renamedFrom": ["cal.{widgetID}"]}}}"#).schema)
        let family = try #require(schema.families.first)
        #expect(family.nameTemplate == "{widgetID}_selectedCalendars")
        #expect(family.key.formerNames == ["cal.{widgetID}"])
    }

    @Test func anIntParameterIsAnObjectWithItsType() throws {
        let schema = try #require(generate(#"{"keys": {"zoom": {"type": "Double", "default": 1, "parameter": {"name": "index", "type": "Int"}}}}"#).schema)
        #expect(schema.families.first?.parameterType == .int)
        #expect(schema.families.first?.parameterName == "index")
    }

    @Test func aTemplateWithoutItsPlaceholderNamesTheFix() {
        #expect(messages(#"{"keys": {"calendars": {"type": "Int", "default": 0, "parameter": "widgetID", "key": "calendars"}}}"#).filter { $0.contains("error") } == [
            #"1:86: error: "key" of the family "calendars" must write its parameter as {widgetID}, where each member's value goes, such as "{widgetID}_calendars""#,
        ])
        #expect(messages(#"{"keys": {"calendars": {"type": "Int", "default": 0, "parameter": "widgetID", "key": "{id}_calendars"}}}"#) == [
            #"1:86: error: "key" writes "{id}", but the parameter is {widgetID}; write {widgetID} (or name the parameter "id"), such as "{widgetID}_calendars""#,
        ])
    }

    @Test func aTemplateWritingThePlaceholderTwiceOrAnotherBraceIsAnError() {
        #expect(messages(#"{"keys": {"c": {"type": "Int", "default": 0, "parameter": "id", "key": "{id}_{id}"}}}"#) == [
            #"1:72: error: "key" writes {id} 2 times; write it once, where each member's value goes, such as "{id}_c""#,
        ])
        #expect(messages(#"{"keys": {"c": {"type": "Int", "default": 0, "parameter": "id", "key": "{id}_{x}"}}}"#) == [
            #"1:72: error: "key" has a brace besides {id}; a template writes only its parameter in braces, such as "{id}_c""#,
        ])
        #expect(messages(#"{"keys": {"c": {"type": "Int", "default": 0, "parameter": "id", "renamedFrom": ["old_c"]}}}"#) == [
            #"1:81: error: "renamedFrom" of the family "c" must write its parameter as {id}, where each member's value goes, such as "{id}_c""#,
        ])
        #expect(messages(#"{"keys": {"c": {"type": "Int", "default": 0, "parameter": "id", "renamedFrom": [{"name": "old_{id}", "type": "String"}]}}}"#) == [
            #"1:81: error: a family's "renamedFrom" lists the name templates it was stored under, such as ["{id}.c"]; a family's members migrate by name only, so keep the type or declare a new family"#,
        ])
    }

    @Test func aKeyPrefixWithABraceNeedsAKeyTemplate() {
        #expect(messages(#"{"keyPrefix": "{app}", "keys": {"c": {"type": "Int", "default": 0, "parameter": "id"}}}"#) == [
            #"1:33: error: the family "c" would be stored as "{app}c_{id}", but a name template writes only its parameter in braces and "keyPrefix" has one; give the family a "key" template, such as "{id}_c""#,
        ])
        #expect(messages(#"{"keyPrefix": "{app}", "keys": {"c": {"type": "Int", "default": 0, "parameter": "id", "key": "{id}_c"}}}"#).isEmpty)
    }

    @Test func badParametersAreLocatedErrors() {
        #expect(messages(#"{"keys": {"c": {"type": "Int", "default": 0, "parameter": "widget id"}}}"#) == [
            #"1:59: error: the parameter "widget id" is not a Swift identifier; name it with letters, digits and '_', such as "widgetID""#,
        ])
        #expect(messages(#"{"keys": {"c": {"type": "Int", "default": 0, "parameter": "default"}}}"#) == [
            #"1:59: error: the parameter "default" is a Swift keyword; choose another name, such as "widgetID""#,
        ])
        #expect(messages(#"{"keys": {"c": {"type": "Int", "default": 0, "parameter": "DefaultsKeyFamilies"}}}"#) == [
            #"1:59: error: the parameter "DefaultsKeyFamilies" would hide the library's type DefaultsKeyFamilies in the generated function; choose another name, such as "widgetID""#,
        ])
        #expect(messages(#"{"keys": {"c": {"type": "Int", "default": 0, "parameter": {"name": "id", "type": "UUID"}}}}"#) == [
            #"1:82: error: a family's parameter is a "String" or an "Int", not "UUID"; for another type, use a String parameter and pass its text (a UUID's uuidString, say)"#,
        ])
        #expect(messages(#"{"keys": {"c": {"type": "Int", "default": 0, "parameter": {"type": "Int"}}}}"#) == [
            #"1:59: error: "parameter" needs a "name", such as {"name": "index", "type": "Int"}"#,
        ])
        #expect(messages(#"{"keys": {"c": {"type": "Int", "default": 0, "parameter": 3}}}"#) == [
            #"1:59: error: "parameter" must name the parameter, such as "widgetID", or be {"name": "index", "type": "Int"}, not an integer"#,
        ])
    }

    @Test func aKeyStoredUnderAMembersNameClashesWithTheFamily() {
        #expect(messages(#"{"keys": {"calendars": {"type": "Int", "default": 0, "parameter": "widgetID"}, "mine": {"type": "Int", "default": 0, "key": "calendars_main"}}}"#) == [
            #"1:125: error: the stored name "calendars_main" of "mine" is also a member's of the family "calendars" ("calendars_{widgetID}"), which would list and remove it as its own; store one of them under another name with "key""#,
        ])
        // An Int family makes only names of decimal digits.
        #expect(messages(#"{"keys": {"page": {"type": "Int", "default": 0, "parameter": {"name": "index", "type": "Int"}}, "pageCount": {"type": "Int", "default": 0, "key": "page_count"}}}"#).isEmpty)
    }

    @Test func familiesWhoseMembersShareNamesClash() {
        #expect(messages(#"{"keys": {"a": {"type": "Int", "default": 0, "parameter": "id", "key": "x_{id}"}, "b": {"type": "Int", "default": 0, "parameter": "id", "key": "x_b_{id}"}}}"#) == [
            #"1:144: error: the families "a" ("x_{id}") and "b" ("x_b_{id}") can make the same stored name, so each would list the other's members; give "b" a "key" template that "a" cannot make, such as "b_{id}""#,
        ])
        // Templates that differ on both sides share only names whose ids hold the other's text.
        #expect(messages(#"{"keys": {"a": {"type": "Int", "default": 0, "parameter": "id"}, "b": {"type": "Int", "default": 0, "parameter": "id", "key": "{id}_b"}}}"#).isEmpty)
    }

    @Test func aFamilyIsNotManaged() {
        #expect(messages(#"{"keys": {"c": {"type": "Int", "default": 0, "parameter": "id", "managed": true}}}"#) == [
            #"1:76: error: a key family cannot be managed: an administrator's configuration names settings, and a family's members are made at run time; remove "managed", or declare a managed key for each value an administrator sets"#,
        ])
    }

    @Test func aFamilyDoesNotSyncThroughICloud() {
        #expect(messages(#"{"keys": {"c": {"type": "Int", "default": 0, "parameter": "id", "iCloud": true}}}"#) == [
            #"1:75: error: a key family does not sync through iCloud: its members are known only at run time, and iCloud's store holds at most 1,024 keys; remove "iCloud", or declare a key for each value that must follow the user"#,
        ])
        // The schema's "iCloud": true syncs its keys, not its families.
        let schema = generate(#"{"iCloud": true, "keys": {"k": 1, "c": {"type": "Int", "default": 0, "parameter": "id"}}}"#).schema
        #expect(schema?.keys.map(\.iCloud) == [true])
        #expect(schema?.families.map(\.key.iCloud) == [false])
    }

    @Test func settingsScreensRefuseAFamily() {
        let bundle = messages(#"{"settingsBundle": {"groups": [{"keys": ["c"]}]}, "keys": {"c": {"type": "Bool", "default": false, "parameter": "id"}}}"#)
        #expect(bundle == [
            #"1:42: error: "c" is a key family ("parameter"), whose members are known only at run time, so the settings bundle cannot show it; remove it from the group, and show a member's value in a screen of the app's own"#,
        ])
        let view = messages(#"{"settingsView": {"name": "V", "groups": [{"keys": ["c"]}]}, "keys": {"c": {"type": "Bool", "default": false, "parameter": "id"}}}"#)
        #expect(view == [
            #"1:53: error: "c" is a key family ("parameter"), whose members are known only at run time, so the settings view cannot show it; remove it from the group, and show a member's value in a screen of the app's own"#,
        ])
        // A settings view without groups shows every key it can edit: not the family's members.
        let source = generate(#"{"settingsView": {"name": "V"}, "keys": {"k": true, "c": {"type": "Bool", "default": false, "parameter": "id"}}}"#).source
        #expect(source?.contains("DefaultsKeys.c") == false)
    }

    @Test func aFamilyIsNotInTheKeyListNorTheSettingsClass() throws {
        let source = try #require(generate(#"{"settingsClass": "Settings", "keys": {"k": true, "c": {"type": "Bool", "default": false, "parameter": "id"}}}"#).source)
        #expect(source.contains("static func c(id: String) -> DefaultsKey<Bool> {"))
        #expect(source.contains("DefaultsKeys.k\n"))
        #expect(!source.contains("DefaultsKeys.c"))
        #expect(!source.contains("var c:"))
    }

    /// Two families whose templates only look alike (`é` precomposed, and `e` with a combining accent) cannot make the
    /// same stored name, since `UserDefaults` compares names by byte: accepted. Before the shared grammar the generator
    /// compared them as Swift strings and refused the schema; the runtime always told their members apart.
    @Test func templatesThatOnlyLookAlikeDoNotOverlap() throws {
        let output = generate(#"{"keys": {"a": {"type": "Int", "default": 0, "parameter": "id", "key": "caf\u00e9_{id}"}, "b": {"type": "Int", "default": 0, "parameter": "id", "key": "cafe\u0301_x_{id}"}}}"#)
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let same = generate(#"{"keys": {"a": {"type": "Int", "default": 0, "parameter": "id", "key": "caf\u00e9_{id}"}, "b": {"type": "Int", "default": 0, "parameter": "id", "key": "caf\u00e9_x_{id}"}}}"#)
        #expect(same.diagnostics.count == 1, "the same bytes still overlap")
    }
}
