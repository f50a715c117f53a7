import Foundation
import Testing
import TypedDefaults

/// The committed output for app.json: record types, Int enums, sets, CGFloat and TimeInterval, suites.
@Suite struct RecordTypesTests {
    let store = DefaultsStore.inMemory()

    @Test func defaultsReadBackAsTheSchemaDeclares() {
        #expect(store[.mainWindow] == WindowFrame(width: 1024, binding: KeyBinding(key: "n")))
        #expect(store[.mainWindow].x == 0 && store[.mainWindow].tags == ["a"] && store[.mainWindow].size == .medium)
        #expect(store[.mainWindow].binding.modifiers == [.command])
        #expect(store[.defaultWindow] == WindowFrame())
        #expect(store[.lastWindow] == nil)
        #expect(store[.refreshInterval] == 900)
        #expect(store[.lineSpacing] == 1.5)
        #expect(store[.iconSize] == .large && IconSize.large.rawValue == 64)
        #expect(store[.quality].rawValue == 2)
        #expect(store[.paneLayout] == .stacked && Layout2.sideBySide.rawValue == "side-by-side")
        #expect(store[.favoriteIDs] == [1, 2, 3])
        #expect(store[.groupsByName] == ["odd": [1, 3]])
        #expect(store[.blockedHosts] == nil)
        #expect(DefaultsKeys.quitAlways.name == "NSQuitAlwaysKeepsWindows", "\"key\" is exact: the system setting, not prefixed")
    }

    @Test func keysCarryTheirSuite() {
        #expect(DefaultsKeys.mainWindow.suiteName == "group.typeddefaults.tests.shared")
        #expect(DefaultsKeys.iconSize.suiteName == "group.typeddefaults.tests.other")
        #expect(DefaultsStore.standard.store(for: DefaultsKeys.mainWindow) === DefaultsStore.suite("group.typeddefaults.tests.shared"))
        #expect(DefaultsStore.standard.store(for: DefaultsKeys.iconSize) === DefaultsStore.suite("group.typeddefaults.tests.other"))
    }

    @Test func aRecordIsStoredAsADictionaryOfItsFields() throws {
        store[.mainWindow] = WindowFrame(x: 5, width: 640, pinned: true, size: .large, tags: ["b"])
        let stored = try #require(store.storedObject(for: .mainWindow) as? [String: Any])
        #expect(stored["width"] as? Double == 640)
        #expect(stored["pinned"] as? Bool == true)
        #expect(stored["size"] as? Int == 64)
        #expect(stored["title"] == nil)
        #expect(store[.mainWindow].width == 640)
    }

    @Test func anOldShapeKeepsEveryFieldItCan() {
        // A field missing (width), one extra (legacy), one of the wrong type (pinned), a nested record partly given.
        let old: [String: Any] = ["x": 12.5, "legacy": "gone", "pinned": "yes please", "size": 16, "binding": ["key": "q"]]
        #expect(store.setValue(fromObject: old, for: DefaultsKeys.mainWindow))  // it reads, so a debug screen may set it
        let suite = "typeddefaults.tests.\(UUID().uuidString)"
        defer { try? DefaultsStore.removeSuite(named: suite) }
        let defaults = UserDefaults(suiteName: suite)!
        defaults.set(old, forKey: "app.mainWindow")
        // A store over the object reads the key (declared with the app group) in this scratch suite.
        let frame = DefaultsStore(defaults, suiteName: suite)[.mainWindow]
        #expect(frame.x == 12.5)
        #expect(frame.width == 800)       // the field's default, not the key's default (1024)
        #expect(frame.pinned == false)
        #expect(frame.size == .small)
        #expect(frame.binding == KeyBinding(key: "q", modifiers: [.command]))
        #expect(frame.tags == ["a"])
    }

    @Test func valuesOtherLibrariesStoredAsJSONRead() throws {
        let suite = "typeddefaults.tests.\(UUID().uuidString)"
        defer { try? DefaultsStore.removeSuite(named: suite) }
        let defaults = UserDefaults(suiteName: suite)!
        let store = DefaultsStore(defaults, suiteName: suite)
        // sindresorhus/Defaults: a JSON string; SwiftyUserDefaults, Foil, DefaultsKit, @AppStorage: JSON Data.
        defaults.set(#"{"x": 3, "width": 500, "tags": ["t"]}"#, forKey: "app.mainWindow")
        defaults.set(Data(#"[{"pinned": true}]"#.utf8), forKey: "app.otherWindows")
        #expect(store[.mainWindow].x == 3 && store[.mainWindow].width == 500 && store[.mainWindow].tags == ["t"])
        #expect(store[.otherWindows] == [WindowFrame(pinned: true)])
        // Rewritten in our own form on the next write, not on read.
        #expect(defaults.object(forKey: "app.mainWindow") is String)
        store.update(.mainWindow) { $0.pinned = true }
        #expect(defaults.object(forKey: "app.mainWindow") is [String: Any])
        #expect(store[.mainWindow].x == 3 && store[.mainWindow].pinned)
    }

    @Test func enumsAreCodableInsideAUsersOwnStruct() throws {
        struct Mine: Codable, Equatable { var quality: Quality; var layout: Layout2 }
        let data = try JSONEncoder().encode(Mine(quality: ._3, layout: .sideBySide))
        #expect(String(decoding: data, as: UTF8.self).contains("\"side-by-side\""))
        #expect(try JSONDecoder().decode(Mine.self, from: data) == Mine(quality: ._3, layout: .sideBySide))
    }

    /// In an isolation scope: the suite is a real one's name, which other tests read at the same time
    /// (`SettingsClassTests` checks that its scope left the real suite as it was).
    @Test func theSettingsClassUsesEachKeysSuiteUnlessGivenAStore() {
        let memory = DefaultsStore.inMemory()
        let settings = SharedSettings(store: memory)
        settings.iconSize = .small
        #expect(memory[.iconSize] == .small)
        withIsolatedDefaults {
            let shared = SharedSettings()
            shared.iconSize = .medium
            #expect(DefaultsStore.suite("group.typeddefaults.tests.other")[.iconSize] == .medium)
            #expect(Defaults[.iconSize] == .medium)
            shared.reset()
            #expect(Defaults[.iconSize] == .large)
        }
    }
}
