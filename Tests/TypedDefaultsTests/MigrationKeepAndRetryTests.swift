import Foundation
import Testing
@testable import TypedDefaults

/// Migrations that keep the former entry (older versions of the app still read it) and leave a value they cannot
/// convert for the next launch (issue 41, item 3): what IINA does by hand with its legacy colour entries.
@Suite struct MigrationKeepAndRetryTests {
    /// A store over `memory`; another call with the same memory is the app's next launch.
    private func launch(_ memory: MemoryStorage) -> DefaultsStore {
        DefaultsStore(suite: Suite(identity: .memory(ObjectIdentifier(memory)), storage: .memory(memory)))
    }

    @Test func aKeptFormerEntryStaysAndMovesOnlyOnce() {
        let memory = MemoryStorage()
        memory.set("#FF0000", forKey: "legacyTint")
        let tint = DefaultsKey<String>("tint", default: "blue", migrations: [.renamed(from: "legacyTint").keepingFormerEntry()])
        var store = launch(memory)
        #expect(store[tint] == "#FF0000")
        #expect(memory.object(forKey: "legacyTint") as? String == "#FF0000", "older versions still read it")
        #expect(memory.object(forKey: DefaultsStore.migratedFormerEntriesName) as? [String] == ["legacyTint → tint"])
        // The person resets the setting: the default, not the old entry moved again, in this launch and the next.
        store.remove(tint)
        #expect(store[tint] == "blue")
        store = launch(memory)
        #expect(store[tint] == "blue")
        #expect(memory.object(forKey: "legacyTint") as? String == "#FF0000")
    }

    @Test func withoutKeepingTheFormerEntryIsRemovedAsBefore() {
        let memory = MemoryStorage()
        memory.set("#FF0000", forKey: "legacyTint")
        let tint = DefaultsKey<String>("tint", default: "blue", formerNames: ["legacyTint"])
        #expect(launch(memory)[tint] == "#FF0000")
        #expect(memory.object(forKey: "legacyTint") == nil)
    }

    @Test func anUnconvertibleValueIsLeftForTheNextLaunchAndTriedOncePerLaunch() {
        let memory = MemoryStorage()
        memory.set(Data([1, 2, 3]), forKey: "legacyColor")
        let calls = LockedState(0)
        let converter: @Sendable (Any) -> String? = { object in
            calls.withLock { $0 += 1 }
            return (object as? String).map { "converted " + $0 }
        }
        let color = DefaultsKey<String>("color", default: "none", migrations: [
            DefaultsMigration.converted(from: "legacyColor", by: converter).retryingUnconvertible(),
        ])
        let store = launch(memory)
        #expect(store[color] == "none")
        #expect(store[color] == "none")
        #expect(calls.withLock { $0 } == 1, "tried once in this launch")
        #expect(memory.object(forKey: "legacyColor") as? Data == Data([1, 2, 3]), "left where it was, not dropped")
        #expect(store.failures(for: color).first?.kind == .migrationValueDropped(formerName: "legacyColor"))
        #expect(store.failures(for: color).first?.detail.hasSuffix("left under \"legacyColor\" for the next launch") == true)
        // The next launch tries again; this time the old value is one it converts.
        memory.set("red", forKey: "legacyColor")
        #expect(launch(memory)[color] == "converted red")
        #expect(calls.withLock { $0 } == 2)
        #expect(memory.object(forKey: "legacyColor") == nil)
    }

    @Test func withoutRetryAnUnconvertibleValueIsDroppedAsBefore() {
        let memory = MemoryStorage()
        memory.set(Data([1]), forKey: "legacyColor")
        let color = DefaultsKey<String>("color", default: "none", migrations: [.converted(from: "legacyColor") { $0 as? String }])
        #expect(launch(memory)[color] == "none")
        #expect(memory.object(forKey: "legacyColor") == nil)
    }

    @Test func anInPlaceValueLeftForRetryIsNotErasedAndAWriteReplacesIt() {
        let memory = MemoryStorage()
        memory.set("loud", forKey: "volume")
        let volume = DefaultsKey<Double>("volume", default: 0.5, migrations: [
            DefaultsMigration.from("volume", as: String.self).retryingUnconvertible(),
        ])
        let store = launch(memory)
        #expect(store[volume] == 0.5)
        #expect(memory.object(forKey: "volume") as? String == "loud")
        store[volume] = 0.8
        #expect(store[volume] == 0.8)
    }

    @Test func keepingAndRetryingTogether() {
        let memory = MemoryStorage()
        memory.set(Data([42]), forKey: "oldMode")
        let mode = DefaultsKey<String>("mode", default: "auto", migrations: [
            DefaultsMigration.from("oldMode", as: String.self).keepingFormerEntry().retryingUnconvertible(),
        ])
        #expect(launch(memory)[mode] == "auto")
        #expect(memory.object(forKey: "oldMode") as? Data == Data([42]))
        #expect(memory.object(forKey: DefaultsStore.migratedFormerEntriesName) == nil, "not moved: tried again next launch")
        memory.set("dark", forKey: "oldMode")
        #expect(launch(memory)[mode] == "dark")
        #expect(memory.object(forKey: "oldMode") as? String == "dark")
        #expect(memory.object(forKey: DefaultsStore.migratedFormerEntriesName) as? [String] == ["oldMode → mode"])
    }
}
