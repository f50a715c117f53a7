import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

private struct ExportWindow: Codable, Hashable, Sendable, DefaultsSerializable {
    var width: Double
    var title: String
}

private enum ExportTheme: String, Sendable, DefaultsSerializable {
    case light, dark
}

/// One key of every stored kind, each with a value no default has.
private enum Keys {
    static let flag = DefaultsKey<Bool>("flag", default: false)
    static let count = DefaultsKey<Int>("count", default: 0)
    static let smallest = DefaultsKey<Int64>("smallest", default: 0)
    static let largest = DefaultsKey<UInt64>("largest", default: 0)
    static let ratio = DefaultsKey<Double>("ratio", default: 0)
    static let notANumber = DefaultsKey<Double>("notANumber", default: 0)
    static let infinite = DefaultsKey<Double>("infinite", default: 0)
    static let whole = DefaultsKey<Double>("whole", default: 0)
    static let single = DefaultsKey<Float>("single", default: 0)
    static let name = DefaultsKey<String>("name", default: "")
    static let nickname = DefaultsKey<String?>("nickname")
    static let moment = DefaultsKey<Date>("moment", default: Date(timeIntervalSince1970: 0))
    static let blob = DefaultsKey<Data>("blob", default: Data())
    static let tags = DefaultsKey<[String]>("tags", default: [])
    static let sizes = DefaultsKey<[String: Int]>("sizes", default: [:])
    static let primes = DefaultsKey<Set<Int>>("primes", default: [])
    static let site = DefaultsKey<URL?>("site")
    static let window = DefaultsKey<ExportWindow>("window", default: ExportWindow(width: 0, title: ""))
    static let theme = DefaultsKey<ExportTheme>("theme", default: .light)
    static let anything = DefaultsKey<DefaultsPropertyList>("anything", default: .string(""))

    static let all: [DefaultsKeys] = [flag, count, smallest, largest, ratio, notANumber, infinite, whole, single, name, nickname,
                                      moment, blob, tags, sizes, primes, site, window, theme, anything]

    /// `fractions` off for a `UserDefaults` suite on Linux, whose files keep a date's whole seconds only (an XML
    /// `<date>`), so that a value read back after Foundation reloads its file is the value written.
    static func setEvery(in store: DefaultsStore, fractions: Bool = true) {
        let fraction = fractions ? 0.123_456_7 : 0
        store[flag] = true
        store[count] = -42
        store[smallest] = .min
        store[largest] = .max
        store[ratio] = 0.1
        store[notANumber] = .nan
        store[infinite] = -.infinity
        store[whole] = 3
        store[single] = 1.5e-7
        store[name] = "Zoë \"quoted\" \\ back\nslash\u{1}\u{2028}"
        store[nickname] = "ann"
        store[moment] = Date(timeIntervalSinceReferenceDate: 786_652_528 + fraction)
        store[blob] = Data([0, 1, 2, 255])
        store[tags] = ["a", "", "ü"]
        store[sizes] = ["small": 1, "$large": 3]
        store[primes] = [2, 3, 5]
        store[site] = URL(string: "https://example.com/a?b=c")!
        store[window] = ExportWindow(width: 800.5, title: "Main")
        store[theme] = .dark
        store[anything] = .dictionary(["$date": .string("not a date"), "list": .array([.integer(1), .double(1), .bool(true)]),
                                       "when": .date(Date(timeIntervalSinceReferenceDate: fractions ? 0.25 : 0)), "bytes": .data(Data([9]))])
    }

    /// Every key's value in `store`, compared across stores.
    static func values(in store: DefaultsStore) -> [String] {
        [
            "\(store[flag])", "\(store[count])", "\(store[smallest])", "\(store[largest])", "\(store[ratio].bitPattern)",
            "\(store[notANumber].isNaN)", "\(store[infinite])", "\(store[whole].bitPattern)", "\(store[single].bitPattern)", store[name],
            "\(store[nickname] ?? "-")", "\(store[moment].timeIntervalSinceReferenceDate.bitPattern)", "\(store[blob] as NSData)", "\(store[tags])",
            "\(store[sizes].sorted { $0.key < $1.key })", "\(store[primes].sorted())", "\(store[site]?.absoluteString ?? "-")", "\(store[window])",
            "\(store[theme])", "\(store[anything])",
        ]
    }
}

/// Settings people carry: an export of every stored kind reads back equal through both encodings, over
/// `UserDefaults` and in memory; each value is checked on the way in; an import is undone in one call.
@Suite struct SettingsExportTests {
    @Test(arguments: [DefaultsExport.Encoding.json, .propertyList])
    func everyKindTravelsLosslesslyBetweenSuites(encoding: DefaultsExport.Encoding) throws {
        let source = ScratchSuite()
        Keys.setEvery(in: source.store, fractions: false)
        let expected = Keys.values(in: source.store)
        let data = source.store.exportSettings(Keys.all).data(as: encoding)
        let destination = ScratchSuite()
        let report = try destination.store.importSettings(from: data, keys: Keys.all)
        #expect(report.refused.isEmpty && report.leftOut.isEmpty && report.unknown.isEmpty)
        #expect(report.written.count == Keys.all.count)
        #expect(Keys.values(in: destination.store) == expected)
        // The file of the copy is the file of the original: a stable order (a set's elements come in any order).
        let again = destination.store.exportSettings(Keys.all)
        let first = try DefaultsExport(data: data)
        #expect(again.settings.map(\.name) == first.settings.map(\.name))
        for (copied, original) in zip(again.settings, first.settings) where copied.name != "primes" { #expect(copied == original) }
    }

    @Test(arguments: [DefaultsExport.Encoding.json, .propertyList])
    func datesKeepTheirFractionsToTheBit(encoding: DefaultsExport.Encoding) throws {
        let source = DefaultsStore.inMemory()
        Keys.setEvery(in: source)
        let data = source.exportSettings(Keys.all).data(as: encoding)
        let copy = DefaultsStore.inMemory()
        try copy.importSettings(from: data, keys: Keys.all)
        #expect(Keys.values(in: copy) == Keys.values(in: source))
        #expect(copy[Keys.moment].timeIntervalSinceReferenceDate == 786_652_528.123_456_7)
    }

    /// Found by the random schemas' export check: a date before 2001 whose text (to the millisecond, truncated)
    /// read back a millisecond early, the exact seconds being judged too far from it.
    @Test(arguments: [DefaultsExport.Encoding.json, .propertyList])
    func aDateBefore2001KeepsItsMilliseconds(encoding: DefaultsExport.Encoding) throws {
        let source = DefaultsStore.inMemory()
        source[Keys.moment] = Date(timeIntervalSince1970: 382_367_442.242)
        let copy = DefaultsStore.inMemory()
        try copy.importSettings(from: source.exportSettings([Keys.moment]).data(as: encoding), keys: [Keys.moment])
        #expect(copy[Keys.moment].timeIntervalSinceReferenceDate.bitPattern == source[Keys.moment].timeIntervalSinceReferenceDate.bitPattern)
    }

    @Test func theJSONFileIsReadableAndTagsWhatJSONCannotTell() throws {
        let store = DefaultsStore.inMemory()
        Keys.setEvery(in: store)
        let text = String(decoding: store.exportSettings(Keys.all).data(as: .json), as: UTF8.self)
        #expect(text.contains("\"format\": \"TypedDefaults settings\""))
        #expect(text.contains("{\"name\": \"count\", \"value\": -42}"))
        #expect(text.contains("{\"name\": \"site\", \"value\": \"https://example.com/a?b=c\"}"))
        #expect(text.contains("{\"name\": \"whole\", \"value\": 3.0}"))
        #expect(text.contains("{\"name\": \"largest\", \"value\": {\"$integer\": \"18446744073709551615\"}}"))
        #expect(text.contains("{\"name\": \"notANumber\", \"value\": {\"$double\": \"nan\"}}"))
        #expect(text.contains("{\"name\": \"blob\", \"value\": {\"$data\": \"AAEC/w==\"}}"))
        #expect(text.contains("{\"$date\": \"2025-12-05T18:35:28.123Z\", \"$exact\": 786652528.1234567}"))
        #expect(text.contains("{\"name\": \"sizes\", \"value\": {\"$dictionary\": {\"$large\": 3, \"small\": 1}}}"))
        // Foundation's own parser reads it too: plain JSON for other tools.
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    }

    @Test func onlyWhatThePersonSetTravelsByDefaultAndEveryValueOnRequest() throws {
        let store = DefaultsStore.inMemory()
        store[Keys.count] = 7
        #expect(store.exportSettings(Keys.all).settings.map(\.name) == ["count"])
        let every = store.exportSettings(Keys.all, including: .everyValue).settings.map(\.name)
        #expect(every.contains("flag") && every.contains("count") && !every.contains("nickname"))
    }

    @Test func keysAbsentFromTheFileStayUnlessTheImportReplaces() throws {
        let source = DefaultsStore.inMemory()
        source[Keys.count] = 1
        let file = source.exportSettings(Keys.all)
        let destination = DefaultsStore.inMemory()
        destination[Keys.name] = "kept"
        destination[Keys.count] = 5
        destination.importSettings(file, keys: Keys.all)
        #expect(destination[Keys.name] == "kept" && destination[Keys.count] == 1)
        let report = destination.importSettings(file, keys: Keys.all, replacing: true)
        #expect(report.reset == ["name"])
        #expect(destination[Keys.name] == "" && !destination.has(Keys.name) && destination[Keys.count] == 1)
    }

    @Test func undoPutsBackEveryReplacedValueAndRemovesWhatWasUnset() throws {
        let source = ScratchSuite()
        Keys.setEvery(in: source.store)
        let destination = ScratchSuite()
        destination.store[Keys.count] = 5
        destination.store[Keys.theme] = .light
        let before = destination.defaults.persistentDomain(forName: destination.name) ?? [:]
        let report = try destination.store.importSettings(from: source.store.exportSettings(Keys.all).data(), keys: Keys.all)
        #expect(destination.store[Keys.count] == -42)
        destination.store.undoImport(report)
        #expect(destination.store[Keys.count] == 5 && destination.store[Keys.theme] == .light)
        #expect(!destination.store.has(Keys.name) && destination.store[Keys.nickname] == nil)
        let after = destination.defaults.persistentDomain(forName: destination.name) ?? [:]
        #expect(Set(after.keys) == Set(before.keys))
        for (name, object) in after {
            let old = try #require(before[name])
            #expect(PortableValue(storedObject: object) == PortableValue(storedObject: old), "\(name)")
        }
    }

    @Test func eachValueIsCheckedAsAStoredValueIsRead() throws {
        let ranged = DefaultsKey<Int>("volume", default: 5, in: 0...10)
        let count = DefaultsKey<Int>("count", default: 0)
        let tags = DefaultsKey<[Int]>("tags", default: [])
        let json = """
        {"format": "TypedDefaults settings", "formatVersion": 1, "settings": [
          {"name": "volume", "value": 99}, {"name": "count", "value": "many"}, {"name": "tags", "value": [1, "two"]},
          {"name": "elsewhere", "value": true}
        ]}
        """
        let store = DefaultsStore.inMemory()
        store[count] = 3
        let report = try store.importSettings(from: Data(json.utf8), keys: [ranged, count, tags])
        #expect(store[ranged] == 10)
        #expect(report.adjusted == [.init(name: "volume", reason: "above 0...10: the nearest bound written")])
        #expect(store[count] == 3 && !store.has(tags))
        #expect(report.refused.map(\.name) == ["count", "tags"])
        #expect(report.unknown == ["elsewhere"])
        #expect(report.description.contains("not imported count: does not read as Int"))
    }

    @Test func whatDoesNotTravelIsLeftOutBothWays() throws {
        let token = DefaultsKey<String>("token", default: "", portable: false)
        let install = DefaultsKey<UUID?>("installID")
        let carriedID = DefaultsKey<UUID?>("sharedID", portable: true)
        let document = DefaultsKey<URL?>("lastDocument")
        let carriedFolder = DefaultsKey<URL?>("projects", portable: true)
        let keys: [DefaultsKeys] = [token, install, carriedID, document, carriedFolder]
        let source = DefaultsStore.inMemory()
        source[token] = "secret"
        source[install] = UUID()
        source[carriedID] = UUID()
        source[document] = URL(fileURLWithPath: "/tmp/a.txt")
        source[carriedFolder] = URL(fileURLWithPath: "/tmp/projects")
        #expect(source.exportSettings(keys).settings.map(\.name) == ["projects", "sharedID"])
        // A file that carries them anyway (written by hand, or by an older release) writes none of them.
        let everything = DefaultsExport(app: nil, appVersion: nil, schemaRelease: nil, date: Date(), settings: keys.compactMap { key in
            source.storedObject(for: key).flatMap { PortableValue(storedObject: $0) }.map { .init(name: key.name, suite: nil, value: $0) }
        })
        let destination = DefaultsStore.inMemory()
        let report = destination.importSettings(everything, keys: keys)
        #expect(Set(report.leftOut.map(\.name)) == ["token", "installID", "lastDocument"])
        #expect(Set(report.written) == ["sharedID", "projects"])
        #expect(destination[token] == "" && destination[install] == nil && destination[document] == nil)
        #expect(destination[carriedID] == source[carriedID])
    }

    @Test func aForcedValueStaysAndThePersonsOwnValueTravels() throws {
        let server = DefaultsKey<String>("server", default: "a", managed: true)
        let store = DefaultsStore.inMemory()
        store[server] = "mine"
        guard case .memory(let memory) = store.storage else { return }
        memory.set(["server": "corp"], forKey: DefaultsStore.managedConfigurationName)
        store.suite.valuesChangedOutside([DefaultsStore.managedConfigurationName])
        #expect(store.isForced(server))
        let exported = store.exportSettings([server], including: .everyValue)
        #expect(exported.settings.map(\.propertyListObject).compactMap { $0 as? String } == ["mine"])
        let report = store.importSettings(DefaultsExport(app: nil, appVersion: nil, schemaRelease: nil, date: Date(),
                                                         settings: [.init(name: "server", suite: nil, value: .string("theirs"))]), keys: [server])
        #expect(report.leftOut.map(\.name) == ["server"] && report.written.isEmpty)
        memory.removeObject(forKey: DefaultsStore.managedConfigurationName)
        store.suite.valuesChangedOutside([DefaultsStore.managedConfigurationName])
        #expect(store[server] == "mine")
    }

    @Test func aFileOfAnOlderReleaseMigratesAsStoredValuesDo() throws {
        // Release 1 stored "fontSize" as a String in the standard suite and "hideTips" as a Bool.
        let old = """
        {"format": "TypedDefaults settings", "formatVersion": 1, "schemaRelease": "1.0", "settings": [
          {"name": "fontSize", "value": "14"}, {"name": "hideTips", "value": true}, {"name": "gone", "value": 1}
        ]}
        """
        let size = DefaultsKey<Int>("textSize", default: 12, migrations: [.from("fontSize", as: String.self, values: ["14": 14])],
                                     suite: "group.example")
        let showTips = DefaultsKey<Bool>("showTips", default: true, migrations: [.from("hideTips", as: Bool.self, values: [true: false, false: true])])
        let family = StoreFamily.inMemory()
        let report = try family.standard.importSettings(from: Data(old.utf8), keys: [size, showTips])
        #expect(family.standard.store(for: size)[size] == 14)
        #expect(family.standard[showTips] == false)
        #expect(report.unknown == ["gone"])
        #expect(Set(report.adjusted.map(\.name)) == ["textSize", "showTips"])
        // Nothing under the former names: the values landed by key.
        #expect(family.standard.storedObject(for: DefaultsKey<String>("fontSize", default: "")) == nil)
    }

    /// Found by the random schemas' export check: an XML property list drops a string's leading byte order mark
    /// (in a value, a dictionary key or a setting's name) and the sign of a zero; both encodings keep them now.
    @Test(arguments: [DefaultsExport.Encoding.json, .propertyList])
    func stringsAnXMLParserWouldChangeAndNegativeZeroTravel(encoding: DefaultsExport.Encoding) throws {
        let text = DefaultsKey<String>("\u{FEFF}text", default: "")
        let zero = DefaultsKey<Double>("zero", default: 1)
        let members = DefaultsKey<[String: Double]>("members", default: [:])
        let control = DefaultsKey<[String]>("control", default: [])
        let keys: [DefaultsKeys] = [text, zero, members, control]
        let source = DefaultsStore.inMemory()
        source[text] = "\u{FEFF}leading mark"
        source[zero] = -0.0
        source[members] = ["\u{FEFF}key": -0.0, "plain": 1]
        source[control] = ["bell\u{7}", "\u{FEFF}", "tab\tand\r\nreturn"]
        let copy = DefaultsStore.inMemory()
        let report = try copy.importSettings(from: source.exportSettings(keys).data(as: encoding), keys: keys)
        #expect(report.written.count == 4 && report.unknown.isEmpty)
        #expect(copy[text] == "\u{FEFF}leading mark")
        #expect(copy[zero].sign == .minus && copy[zero] == 0)
        #expect(copy[members]["\u{FEFF}key"]?.sign == .minus && copy[members]["plain"] == 1)
        #expect(copy[control] == ["bell\u{7}", "\u{FEFF}", "tab\tand\r\nreturn"])
    }

    /// Found by the random evolution check (seed 7032): an enum whose raw value changed in place, with a typed
    /// migration mapping the old raw value, read as its default from a file of the older release.
    @Test func anOldTypeInPlaceMigratesAsAStoredValueDoes() throws {
        let old = DefaultsExport(app: nil, appVersion: nil, schemaRelease: "1.0", date: Date(),
                                 settings: [.init(name: "shade", suite: nil, value: .string("blue"))])
        let shade = DefaultsKey<ExportTheme>("shade", default: .light, migrations: [.from("shade", as: String.self, values: ["blue": .dark])])
        let store = DefaultsStore.inMemory()
        let report = store.importSettings(old, keys: [shade])
        #expect(store[shade] == .dark)
        #expect(report.refused.isEmpty && report.adjusted.map(\.name) == ["shade"])
    }

    @Test func aRemovedRenamedKeyStaysRemovedAfterAnImportThatReplacesAndAfterUndo() throws {
        let key = DefaultsKey<String>("title", default: "none", formerNames: ["caption"])
        let store = DefaultsStore.inMemory()
        store.setValue(fromObject: "old", for: DefaultsKey<String>("caption", default: ""))
        let empty = DefaultsExport(app: nil, appVersion: nil, schemaRelease: nil, date: Date(), settings: [])
        let report = store.importSettings(empty, keys: [key], replacing: true)
        #expect(report.reset == ["title"])
        #expect(store[key] == "none" && !store.has(key))
        store.undoImport(report)
        #expect(store[key] == "old")
    }
}
