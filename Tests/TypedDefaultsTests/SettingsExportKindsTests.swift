import Foundation
import TestSupport
import Testing
@testable import TypedDefaults
@_spi(Testing) import TypedDefaultsTestDoubles
import TypedDefaultsSync

extension DefaultsKeyFamilies {
    fileprivate static let pinned = DefaultsKeyFamily<String, Bool>("export.pinned_{widgetID}", default: false)
    fileprivate static let fontSizes = DefaultsKeyFamily<String, Int>("export.fontSize_{language}", default: 12, in: 8...72, portable: true)
}

/// The kinds of key a settings export treats apart, each on its own: a key family's members, a key of an app
/// group, an iCloud key (pushed, and newest everywhere), a deprecated key as the generator declares it.
@Suite struct SettingsExportKindsTests {
    @Test func aKeyFamilysMembersStayOnTheDevice() {
        let member = DefaultsKeyFamilies.pinned.key("widget-1")
        let store = DefaultsStore.inMemory()
        store[member] = true
        #expect(!member.isPortable)
        #expect(store.exportSettings([member]).settings.isEmpty)
        let file = DefaultsExport(app: nil, appVersion: nil, schemaRelease: nil, date: Date(),
                                  settings: [.init(name: member.name, suite: nil, value: .bool(true))])
        let other = DefaultsStore.inMemory()
        #expect(other.importSettings(file, keys: [member]).leftOut.map(\.name) == [member.name])
        #expect(!other.has(member))
        // Given as a family, the same: its members are made from the file's names, and left out.
        #expect(store.exportSettings([], families: [.pinned]).settings.isEmpty)
        #expect(other.importSettings(file, keys: [], families: [.pinned]).leftOut.map(\.name) == [member.name])
        #expect(!other.has(member))
    }

    @Test func aPortableFamilysStoredMembersTravelAndAReplacingImportResetsTheOthers() throws {
        let family = DefaultsKeyFamilies.fontSizes
        let source = DefaultsStore.inMemory()
        source[family.key("swift")] = 14
        source[family.key("rust")] = 99  // written as the nearest bound, 72
        let data = source.exportSettings([], families: [family]).data()
        #expect(try DefaultsExport(data: data).settings.map(\.name) == ["export.fontSize_rust", "export.fontSize_swift"])
        let destination = DefaultsStore.inMemory()
        destination[family.key("go")] = 10
        let report = try destination.importSettings(from: data, keys: [], families: [family], replacing: true)
        #expect(destination[family.key("swift")] == 14 && destination[family.key("rust")] == 72)
        #expect(report.reset == ["export.fontSize_go"] && !destination.has(family.key("go")))
        destination.undoImport(report)
        #expect(destination[family.key("go")] == 10 && !destination.has(family.key("swift")))
    }

    @Test func anAppGroupKeyLandsInItsSuiteWhateverSuiteTheFileNames() {
        let shared = DefaultsKey<Int>("export.shared", default: 0, suite: "group.example.export")
        let source = StoreFamily.inMemory()
        source.standard[shared] = 4
        let export = source.standard.exportSettings([shared])
        #expect(export.settings.map(\.suite) == ["group.example.export"])
        let destination = StoreFamily.inMemory()
        destination.standard.importSettings(export, keys: [shared])
        #expect(destination.suite("group.example.export")[shared] == 4)
        #expect(destination.standard.storage.object(forKey: shared.name) == nil, "not in the standard suite")
        // A file that says another suite (an app that moved the key, or a hand edit): still where the key lives.
        let moved = DefaultsExport(app: nil, appVersion: nil, schemaRelease: nil, date: Date(),
                                   settings: [.init(name: shared.name, suite: nil, value: .integer(9))])
        destination.standard.importSettings(moved, keys: [shared])
        #expect(destination.suite("group.example.export")[shared] == 9)
    }

    @Test func importedICloudKeysArePushedAndWinOnEveryDevice() {
        let account = InMemoryCloudAccount()
        let clock = TickingClock()
        let phone = SyncedDevice(account, clock: clock)
        let laptop = SyncedDevice(account, clock: clock)
        phone.store[SyncKeys.tags] = ["phone"]
        deliverEverything(account, [phone, laptop])
        #expect(laptop.store[SyncKeys.tags] == ["phone"])
        let backup = DefaultsExport(app: nil, appVersion: nil, schemaRelease: nil, date: Date(), settings: [
            .init(name: SyncKeys.tags.name, suite: nil, value: .array([.string("from the file")])),
            .init(name: SyncKeys.volume.name, suite: nil, value: .integer(9)),
        ])
        let report = laptop.store.importSettings(backup, keys: SyncKeys.all)
        #expect(Set(report.written) == ["tags", "volume"])
        deliverEverything(account, [phone, laptop])
        #expect(phone.store[SyncKeys.tags] == ["from the file"] && phone.store[SyncKeys.volume] == 9)
        #expect(account.object(forKey: SyncKeys.volume.name) != nil)
    }

    @Test func aDeprecatedKeyAsGeneratedNeverTravels() {
        // What the generator writes for a deprecated key (`"deprecated"` in the schema).
        let legacy = DefaultsKey<Bool>("export.legacy", default: false, portable: false)
        let store = DefaultsStore.inMemory()
        store[legacy] = true
        #expect(store.exportSettings([legacy], including: .everyValue).settings.isEmpty)
    }
}
