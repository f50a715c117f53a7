import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

/// What `DefaultsEditor` shows and does, without SwiftUI: a row per key, its control by type, the default mark,
/// edits with the store's reading rules, reset one or all, search.
@Suite struct DefaultsEditorModelTests {
    static let tips = DefaultsKey<Bool>("tips", default: true, label: DefaultsKeyLabel("Show Tips", help: "Hints."))
    static let theme = DefaultsKey<Theme>("theme", default: .system)
    static let accent = DefaultsKey<Theme?>("accent")
    static let volume = DefaultsKey<Double>("volume", default: 0.5, in: 0...1)
    static let count = DefaultsKey<Int>("count", default: 0, suite: "editor.suite", iCloud: true)
    static let name = DefaultsKey<String?>("name")
    static let since = DefaultsKey<Date>("since", default: Date(timeIntervalSince1970: 0))
    static let home = DefaultsKey<URL>("home", default: URL(string: "https://swift.org")!)
    static let profiles = DefaultsKey<[Profile]>("profiles", default: [])
    static let all: [DefaultsKeys] = [tips, theme, accent, volume, count, name, since, home, profiles]

    func model() -> DefaultsEditorModel {
        DefaultsEditorModel(keys: Self.all, store: .inMemory())
    }

    @Test func eachKeyGetsTheControlOfItsType() {
        let rows = model().rows()
        #expect(rows.map(\.control) == [
            .toggle,
            .choice([EditorChoice(title: "light", object: "light"), EditorChoice(title: "dark", object: "dark"), EditorChoice(title: "system", object: "system")]),
            .choice([EditorChoice(title: "light", object: "light"), EditorChoice(title: "dark", object: "dark"), EditorChoice(title: "system", object: "system")]),
            .text(.number), .text(.integer), .text(.string), .date, .text(.url), .propertyList,
        ])
        #expect(rows.map(\.title) == ["Show Tips", "Theme", "Accent", "Volume", "Count", "Name", "Since", "Home", "Profiles"])
        #expect(rows.map(\.isOptional) == [false, false, true, false, false, true, false, false, false])
        #expect(rows[4].suiteName == "editor.suite" && rows[4].syncsWithICloud && !rows[0].syncsWithICloud)
        #expect(rows[2].typeName == "Optional<Theme>" && rows[8].typeName == "Array<Profile>")
    }

    @Test func valuesAndTheDefaultMarkFollowTheStore() throws {
        let model = model()
        #expect(model.rows().allSatisfy { $0.isDefault })
        #expect(model.rows().map(\.valueText) == ["true", "system", "nil", "0.5", "0", "nil", "1970-01-01T00:00:00Z", "https://swift.org", "[]"])
        model.store[Self.tips] = false
        model.store[Self.accent] = .dark
        model.store[Self.profiles] = [.sample]
        let rows = model.rows()
        #expect(!rows[0].isDefault && rows[0].boolValue == false && rows[0].valueText == "false")
        #expect(rows[2].choiceIndex == 1 && rows[2].valueText == "dark")
        #expect(rows[8].valueText.contains("\"age\": 42,\n"), "the stored property list: \(rows[8].valueText)")
        #expect(rows[1].isDefault && rows[1].choiceIndex == 2)
    }

    @Test func textEditsReadWithTheStoresRulesAndRefuseWhatDoesNotRead() {
        let model = model()
        let rows = model.rows()
        #expect(model.setText("0.25", for: rows[3]))
        #expect(model.store[Self.volume] == 0.25)
        #expect(!model.setText("loud", for: rows[3]), "not a number")
        #expect(!model.setText("7", for: rows[3]), "outside the key's range")
        #expect(model.store[Self.volume] == 0.25, "left as it was")
        #expect(model.setText("42", for: rows[4]))
        #expect(DefaultsStore.inMemory()[Self.count] == 0)
        #expect(model.store.store(for: Self.count) === model.store, "a store made explicitly reads every key as given")
        #expect(model.store[Self.count] == 42)
        #expect(model.setText(" Ann ", for: rows[5]))
        #expect(model.store[Self.name] == " Ann ", "a string is stored as typed")
        #expect(model.setText("", for: rows[5]))
        #expect(model.store[Self.name] == nil, "an empty text clears an optional key")
        #expect(model.setText("https://example.org/a?b=1", for: rows[7]))
        #expect(model.store[Self.home] == URL(string: "https://example.org/a?b=1"))
        #expect(!model.setText("not a url", for: rows[7]), "a URL field refuses what is not a URL")
        #expect(model.setText("/tmp/x", for: rows[7]))
        #expect(model.store[Self.home] == URL(fileURLWithPath: "/tmp/x"))
    }

    @Test func togglesChoicesAndDatesStoreTheirValue() {
        let model = model()
        let rows = model.rows()
        model.setBool(false, for: rows[0])
        #expect(model.store[Self.tips] == false)
        model.setChoice(0, for: rows[1])
        #expect(model.store[Self.theme] == .light)
        model.setChoice(9, for: rows[1])
        #expect(model.store[Self.theme] == .light, "no such case: nothing stored")
        let date = Date(timeIntervalSince1970: 86_400)
        model.setDate(date, for: rows[6])
        #expect(model.store[Self.since] == date)
    }

    @Test func resetOneOrAll() {
        let model = model()
        model.store[Self.tips] = false
        model.store[Self.volume] = 0.9
        model.reset(model.rows()[0])
        #expect(!model.store.has(Self.tips) && model.store.has(Self.volume))
        model.resetAll()
        #expect(model.rows().allSatisfy { $0.isDefault })
    }

    /// A row an administrator sets offers no way to change it: its control is disabled, and no reset is offered
    /// (the view hides the swipe and disables the menu item from `canReset`) or made.
    @Test func aForcedRowCannotBeReset() {
        let server = DefaultsKey<String>("server", default: "https://example.com", managed: true)
        withIsolatedDefaults(managed: ["server": "https://mdm.example.com"]) {
            let store = DefaultsStore.standard
            let model = DefaultsEditorModel(keys: [server, Self.tips], store: store)
            let rows = model.rows()
            #expect(rows[0].isForced && !rows[0].canReset)
            #expect(!rows[1].isForced && rows[1].canReset)
            model.reset(rows[0])
            #expect(store.failures(for: server).isEmpty, "no refused reset was even tried")
            #expect(store[server] == "https://mdm.example.com")
        }
    }

    @Test func searchMatchesTitleNameAndTypeIgnoringCase() {
        let model = model()
        #expect(model.rows(matching: "tips").map(\.name) == ["tips"], "by title or name")
        #expect(model.rows(matching: "SHOW").map(\.name) == ["tips"], "case ignored")
        #expect(model.rows(matching: "url").map(\.name) == ["home"], "by type")
        #expect(model.rows(matching: "Theme").map(\.name) == ["theme", "accent"])
        #expect(model.rows(matching: "  ").count == Self.all.count)
        #expect(model.rows(matching: "zzz").isEmpty)
        #expect(model.rows(matching: "accent").first?.index == 2, "rows keep their key's place")
    }

    @Test func urlsTypedByDevelopers() {
        #expect(DefaultsEditorModel.url(from: "https://swift.org")?.absoluteString == "https://swift.org")
        #expect(DefaultsEditorModel.url(from: "mailto:a@b.c")?.scheme == "mailto")
        #expect(DefaultsEditorModel.url(from: "/var/log")?.isFileURL == true)
        #expect(DefaultsEditorModel.url(from: "not a url") == nil)
        #expect(DefaultsEditorModel.url(from: "swift.org") == nil, "no scheme: ambiguous, refused")
        #expect(DefaultsEditorModel.url(from: "api.example.com:443") == nil, "its scheme would be the host: refused")
        #expect(DefaultsEditorModel.url(from: "myapp://settings")?.host == "settings")
    }

    @Test func propertyListsReadAsText() {
        #expect(propertyListText(["b": 1, "a": ["x", "y"]] as [String: Any]) == "[\n  \"a\": [\n    \"x\",\n    \"y\"\n  ],\n  \"b\": 1\n]")
        #expect(propertyListText(Data([1, 2])) == "<2 bytes>")
        #expect(propertyListText(nil) == "nil")
        #expect(propertyListText(true) == "true")
    }
}
