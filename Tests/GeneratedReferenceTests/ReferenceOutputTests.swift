import Foundation
import Testing
import TypedDefaults

/// Compiles the committed generator output for rich.json (Reference/) and checks that every default, stored
/// name and string reads back at runtime exactly as the schema wrote it.
@Suite struct ReferenceOutputTests {
    let store = DefaultsStore.inMemory()

    @Test func defaultsReadBackAsTheSchemaDeclares() {
        #expect(store[.launchCount] == 0)
        #expect(store[.volume] == 0.5)
        #expect(store[.username] == nil)
        #expect(store[.hasWidgets] == false)
        #expect(store[.theme] == .darkMode)
        #expect(store[.searchFilters] == .dictionary([
            "limit": .integer(20), "since": .date(Date(timeIntervalSince1970: 1_714_555_800.25)),
        ]))
        #expect(store[.fallbackTheme] == nil)
        #expect(store[.themeHistory] == [.light, .system])
        #expect(store[.recentFiles] == [])
        #expect(store[.windowSizes] == ["main": 800, "side": 0.25])
        #expect(store[.lastSync] == nil)
        #expect(store[.firstLaunch] == ISO8601DateFormatter().date(from: "2024-01-01T00:00:00Z"))
        #expect(abs(store[.preciseLaunch].timeIntervalSince1970 - 1_709_210_096.789) < 0.000_1)
        #expect(store[.homepage] == URL(string: "https://example.com/start?x=1"))
        #expect(store[.mirror] == nil)
        #expect(store[.profile] == nil)
        #expect(store[.layout] == .standard)
        #expect(store[.showTips] == true)
        #expect(store[.greeting] == "Hello")
        #expect(store[.ratio] == 0.75)
        #expect(store[.tags] == ["a", "b"])
        #expect(store[.tiny] == Int8.min)
        #expect(store[.small] == Int16.max)
        #expect(store[.medium] == Int32.min)
        #expect(store[.large] == Int64.min)
        #expect(store[.unsigned] == UInt.max)
        #expect(store[.byte] == UInt8.max)
        #expect(store[.word] == UInt16.max)
        #expect(store[.doubleWord] == UInt32.max)
        #expect(store[.quadWord] == 1000)
        #expect(store[.gain] == Float(0.1))
        #expect(store[.huge] == 1e300)
        #expect(store[.negativeZero] == 0 && store[.negativeZero].sign == .minus)
        #expect(store[.blob] == Data([1, 2, 3, 255]))
        #expect(store[.emptyBlob] == Data())
        #expect(store[.installID] == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(store[.grid] == [[1, 2], [], [3]])
        #expect(store[.bookmarks] == ["work": ["a"], "home": []])
        #expect(store[.limits] == nil)
        #expect(store[.default] == "keyword name")
        #expect(store[.größe] == 42)
    }

    /// The prefix makes names from identifiers; `"key"` and `renamedFrom` are stored names exactly.
    @Test func storedNamesCarryThePrefixAndOverrides() {
        #expect(DefaultsKeys.launchCount.name == "rich.launchCount")
        #expect(DefaultsKeys.hasWidgets.name == "Has Widgets")
        #expect(DefaultsKeys.größe.name == "größe ✓")
        #expect(DefaultsKeys.volume.formerNames == ["rich.soundLevel", "rich.loudness"])
    }

    @Test func hostileStringsReadBackExactly() throws {
        let tricky = try #require(DefaultsKeys.Rich.all.first { $0.name.hasPrefix("key \"with") } as? DefaultsKey<String>)
        #expect(tricky.name == "key \"with\" \\ odd */ chars")
        #expect(tricky.defaultValue
            == "quote \" backslash \\ triple \"\"\" hash #\" \\(interp) */ /* \u{0} \u{202E} bidi \u{1F600}")
    }

    @Test func theKeyListHasEveryKeyInSchemaOrder() {
        let names = DefaultsKeys.Rich.all.map(\.name)
        #expect(names.count == 49)
        #expect(names.first == "rich.launchCount")
        #expect(names.contains("rich.legacyFlag"))
        #expect(Set(names).count == names.count)
        store.register(DefaultsKeys.Rich.all)
        store[.launchCount] = 3
        store.remove(DefaultsKeys.Rich.all)
        #expect(!store.has(.launchCount))
    }

    /// Titles for pickers: "caseTitles" when given, else the case name in words; each case its own `id`; cases
    /// named `title` and `id` keep working beside the properties.
    @Test func generatedEnumsHaveTitlesAndAreIdentifiable() {
        #expect(Theme.allCases.map(\.title) == ["Light", "Dark Mode", "System", "Default"])
        #expect(SortField.allCases.map(\.title) == ["Name", "Identifier", "Date Added"])
        #expect(SortField.title.title == "Name" && SortField.id.id == .id && SortField.title.rawValue == "title")
        #expect(Theme.allCases.map(\.id) == Theme.allCases)
        func identified<T: Identifiable>(_ values: [T]) -> [T.ID] { values.map(\.id) }
        #expect(identified(SortField.allCases) == [.title, .id, .dateAdded])
        store[.sortField] = .id
        #expect(store.storedObject(for: .sortField) as? String == "id")
    }

    /// Keys carry the schema's title and description at run time; a key without them is titled by its name.
    @Test func keysCarryTheirTitlesAndDescriptions() {
        #expect(DefaultsKeys.sortField.label.title == "Sort By")
        #expect(DefaultsKeys.sortField.label.help == "The column lists are sorted by.")
        #expect(DefaultsKeys.theme.label.title == "Theme" && DefaultsKeys.theme.label.help == nil)
        #expect(DefaultsKeys.hasWidgets.label.title == "Has Widgets")
        #expect(DefaultsKeys.fallbackTheme.label.help == "Uses the enum declared by \"theme\".")
    }

    @Test func generatedEnumsKeepRawValues() {
        #expect(Theme.allCases.map(\.rawValue) == ["light", "dark-mode", "system", "default"])
        #expect(Theme.default.rawValue == "default")
        store[.theme] = .system
        #expect(store.storedObject(for: .theme) as? String == "system")
    }
}
