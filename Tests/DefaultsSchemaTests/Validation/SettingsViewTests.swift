import DefaultsSchema
import Foundation
import Testing

/// `settingsView`: which control each key gets, what is left out, and located errors for what cannot be shown.
@Suite struct SettingsViewTests {
    /// Each type its control; ranges make sliders and steppers; optional keys are clearable.
    @Test func eachTypeGetsItsControl() throws {
        let output = generate(#"""
            {"settingsView": {"name": "PrefsView"}, "keys": {
              "tips": true,
              "theme": {"type": "Theme", "cases": ["light", "dark"], "default": "dark"},
              "accent": {"type": "Theme?"},
              "volume": {"type": "Double", "default": 0.5, "minimum": 0, "maximum": 1},
              "gain": {"type": "Float", "default": 1},
              "count": {"type": "Int", "default": 1, "minimum": 1, "maximum": 9},
              "size": {"type": "UInt16", "default": 3},
              "half": {"type": "Double?"},
              "name": "ann",
              "nick": {"type": "String?"},
              "since": {"type": "Date", "default": "2024-01-01T00:00:00Z"},
              "home": {"type": "URL", "default": "https://swift.org"},
              "id": {"type": "UUID?"},
              "tags": {"type": "[String]", "default": []},
              "blob": {"type": "Data?"},
              "old": {"type": "Bool", "default": false, "deprecated": "Use tips."}
            }}
            """#)
        let view = try #require(output.schema?.settingsView, "\(output.diagnostics)")
        #expect(view.name == "PrefsView")
        #expect(view.groups.count == 1 && view.groups[0].title == nil)
        let rows = view.groups[0].rows
        #expect(rows.map(\.key) == ["tips", "theme", "accent", "volume", "gain", "count", "size", "half", "name", "nick", "since", "home"],
                "UUIDs, collections, data and deprecated keys are left out")
        #expect(rows.map(\.control) == [
            .toggle, .picker(enumName: "Theme"), .picker(enumName: "Theme"), .slider(minimum: .double(0), maximum: .double(1)),
            .number(isInteger: false), .stepper(minimum: .integer("1"), maximum: .integer("9")), .number(isInteger: true),
            .number(isInteger: false), .text, .text, .date, .url,
        ])
        #expect(rows.map(\.isOptional) == [false, false, true, false, false, false, false, true, false, true, false, false])
        let source = try #require(output.source)
        #expect(source.contains("@MainActor struct PrefsView: View {"))
        #expect(source.contains("Toggle(isOn: store.binding(.tips)) { label(DefaultsKeys.tips) }"))
        #expect(source.contains("Slider(value: store.binding(.volume), in: 0.0...1.0) {\n"))
        #expect(source.contains("} minimumValueLabel: {\n                        Text(0.0, format: .number)\n"), "the range's ends beside the track")
        #expect(source.contains("Stepper(value: store.binding(.count), in: 1...9) {"))
        #expect(source.contains("ForEach(Theme.allCases) { Text(verbatim: $0.title).tag(Theme?.some($0)) }"), "None first, for an optional enum")
        #expect(source.contains("value: store.binding(.home),\n                        format: .url,\n                        prompt: Text(verbatim: \"https://\")\n"))
        #expect(source.contains("clearButton(.accent)"), "an optional picker can be cleared")
        #expect(!source.contains("clearButton(.nick)"), "an optional text field clears by being emptied")
        #expect(source.contains("TextField(text: optionalText(.nick), prompt: title(DefaultsKeys.nick)) { title(DefaultsKeys.nick) }"))
        #expect(source.contains("#if canImport(SwiftUI)\nimport SwiftUI\n#endif\n"))
    }

    @Test func groupsKeepTheirOrderTitlesAndFooters() throws {
        let output = generate(#"""
            {"settingsView": {"name": "PrefsView", "groups": [
              {"title": "Sound", "footer": "Applies at once.", "keys": ["volume"]},
              {"keys": ["tips", "name"]}
            ]}, "keys": {"tips": true, "name": "", "volume": {"type": "Double", "default": 0.5, "minimum": 0, "maximum": 1}}}
            """#)
        let view = try #require(output.schema?.settingsView, "\(output.diagnostics)")
        #expect(view.groups.map(\.title) == ["Sound", nil])
        #expect(view.groups.map(\.footer) == ["Applies at once.", nil])
        #expect(view.groups.map { $0.rows.map(\.key) } == [["volume"], ["tips", "name"]])
        let source = try #require(output.source)
        #expect(source.contains(#"} header: { text("Sound") } footer: { text("Applies at once.") }"#))
    }

    /// Keys the view cannot show are refused in `groups`, at the key's entry, with what to do.
    @Test(arguments: [
        (#"{"settingsView": {"name": "V", "groups": [{"keys": ["tags"]}]}, "keys": {"tags": {"type": "[String]", "default": []}}}"#,
         #"1:53: error: the settings view cannot edit "tags" of type [String]: it edits Bool, String, numbers, dates, URLs and enums declared with "cases"; remove it from the group (DefaultsEditor shows every key)"#),
        (#"{"settingsView": {"name": "V", "groups": [{"keys": ["tip"]}]}, "keys": {"tips": true}}"#,
         #"1:53: error: the schema has no key "tip"; did you mean "tips"?"#),
        (#"{"settingsView": {"name": "V", "groups": [{"keys": ["tips", "tips"]}]}, "keys": {"tips": true}}"#,
         #"1:61: error: "tips" is already in the settings view (at 1:53); show each key once"#),
        (#"{"settingsView": {"name": "V", "groups": [{"keys": ["old"]}]}, "keys": {"old": {"type": "Bool", "default": true, "deprecated": "No."}}}"#,
         #"1:53: error: "old" is deprecated; a settings view that shows it would warn wherever it compiles: remove it from the group"#),
        (#"{"settingsView": {"groups": []}, "keys": {"tips": true}}"#,
         #"1:18: error: "settingsView" needs a "name" for the view's type, such as "AppSettingsView""#),
        (#"{"settingsView": {"name": "Form"}, "keys": {"tips": true}}"#,
         #"1:27: error: the settings view "Form" collides with a generated, library or SwiftUI type; choose another name, such as "AppSettingsView""#),
        (#"{"settingsClass": "Prefs", "settingsView": {"name": "Prefs"}, "keys": {"tips": true}}"#,
         #"1:53: error: the settings view "Prefs" has the name of the settings class; choose another name, such as "PrefsView""#),
        (#"{"settingsView": {"name": "V", "group": []}, "keys": {"tips": true}}"#,
         #"1:32: error: unknown field "group" in "settingsView"; did you mean "groups"?"#),
    ])
    func keysItCannotShowAreLocatedErrors(schema: String, message: String) {
        let output = generate(schema)
        #expect(output.source == nil)
        #expect(output.diagnostics.map(\.description).contains(message), "\(output.diagnostics.map(\.description))")
    }

    /// A key named `label` would hide every key's `label` (its title and help) in the declaring module, where the
    /// settings view reads it: refused, with the way to keep the stored name.
    @Test func aKeyNamedLabelIsRefused() {
        let output = generate(#"{"keys": {"label": ""}}"#)
        #expect(output.source == nil)
        #expect(output.diagnostics.map(\.description) == [
            #"1:11: error: a key named "label" would hide every key's own "label" (its title and help, for settings screens) in this module; choose another name and keep the stored string with "key": "label""#,
        ])
        #expect(generate(#"{"keys": {"caption": {"type": "String", "default": "", "key": "label"}}}"#).source != nil)
    }

    @Test func everyControlMatchesTheCompiledReference() throws {
        let path = "Tests/DefaultsSchemaTests/Schemas/settings-view.json"
        let schema = try Data(contentsOf: repositoryRoot.appendingPathComponent(path))
        let output = DefaultsKeysGenerator(namespace: "SettingsViewReference").generate(schema: Array(schema), sourceName: "settings-view.json")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        try expectSnapshot(try #require(output.source), matches: "Tests/GeneratedReferenceTests/Reference/SettingsViewDefaultsKeys.swift")
    }
}
