import Foundation
import Testing
import TypedDefaults

/// A setting's enum in a later version, stored as its raw value.
private enum Order: String, Sendable, DefaultsSerializable {
    case newest, oldest
}

/// Typed migrations (`renamedFrom` objects): other names, other types, other suites; once, and never lossy silently.
@Suite struct TypedMigrationTests {
    @Test func anInvertedBoolMovesToItsNewName() {
        let store = DefaultsStore.inMemory()
        let key = DefaultsKey<Bool>("showSearch", default: true, migrations: [.from("hideSearch", as: Bool.self, values: [true: false, false: true])])
        store.setValue(fromObject: true, for: DefaultsKey<Bool>("hideSearch", default: false))
        #expect(store[key] == false)
        #expect(store.storedObject(for: DefaultsKey<Bool>("hideSearch", default: false)) == nil)
        #expect(store.storedObject(for: key) as? Bool == false)
        // Migrated once: a later write is not undone by the old entry (it is gone).
        store[key] = true
        #expect(store[key] == true)
    }

    @Test func anIntBecomesAnEnumInPlaceAndAnUnmappedValueIsDroppedAndReported() {
        let store = DefaultsStore.inMemory()
        let old = DefaultsKey<Int>("sortOrder", default: 0)
        let key = DefaultsKey<Order>("sortOrder", default: .newest, migrations: [.from("sortOrder", as: Int.self, values: [0: .newest, 1: .oldest])])
        store[old] = 1
        #expect(store[key] == .oldest)
        #expect(store.storedObject(for: key) as? String == "oldest")
        store[old] = 7
        #expect(store.failures(for: key).isEmpty)
        #expect(store[key] == .newest)
        #expect(store.storedObject(for: key) == nil)
        #expect(store.failures(for: key).map(\.kind) == [.migrationValueDropped(formerName: "sortOrder")])
        // A value that already reads as the new type is left alone.
        store[key] = .oldest
        #expect(store[key] == .oldest && store.failures(for: key).count == 1)
    }

    @Test func aKeyMovesIntoAnAppGroupWithItsValue() {
        withIsolatedDefaults {
            DefaultsStore.standard[DefaultsKey<String?>("lastAccount")] = "ann"
            let key = DefaultsKey<String?>("lastAccount", migrations: [.renamed(from: "lastAccount", suite: .standard)], suite: "group.test.migration")
            #expect(Defaults[key] == "ann")
            #expect(DefaultsStore.standard.storedObject(for: DefaultsKey<String?>("lastAccount")) == nil)
            #expect(DefaultsStore.suite("group.test.migration").storedObject(for: key) as? String == "ann")
        }
    }

    @Test func anExplicitStoreDoesNotReachIntoOtherSuites() {
        withIsolatedDefaults {
            DefaultsStore.standard[DefaultsKey<String?>("lastAccount")] = "ann"
            let key = DefaultsKey<String?>("lastAccount", migrations: [.renamed(from: "lastAccount", suite: .standard)], suite: "group.test.migration")
            #expect(DefaultsStore.inMemory()[key] == nil)
            #expect(DefaultsStore.standard.storedObject(for: DefaultsKey<String?>("lastAccount")) as? String == "ann")
        }
    }

    @Test func aTypedMigrationWithoutValuesConvertsTheStoredForm() {
        let store = DefaultsStore.inMemory()
        store[DefaultsKey<Int>("quality", default: 0)] = 3
        let key = DefaultsKey<Double>("qualityLevel", default: 1, migrations: [.from("quality", as: Int.self)])
        #expect(store[key] == 3.0)
        #expect(!store.has(DefaultsKey<Int>("quality", default: 0)))
    }

    @Test func concurrentFirstReadsMigrateExactlyOnce() async {
        for _ in 0..<20 {
            let store = DefaultsStore.inMemory()
            store[DefaultsKey<Int>("count", default: 0)] = 5
            let key = DefaultsKey<Int>("launches", default: 0, migrations: [.from("count", as: Int.self, values: [5: 50])])
            let seen = await withTaskGroup(of: Int.self) { group in
                for _ in 0..<8 { group.addTask { store[key] } }
                return await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(seen == Array(repeating: 50, count: 8))
            #expect(store.failures(for: key).isEmpty)
        }
    }

    @Test func registerMigratesFirstAndRetiredValuesCanBeRemoved() {
        let store = DefaultsStore.inMemory()
        store[DefaultsKey<Bool>("hideSearch", default: false)] = true
        store[DefaultsKey<Int>("oldThing", default: 0)] = 4
        let key = DefaultsKey<Bool>("showSearch", default: true, migrations: [.from("hideSearch", as: Bool.self, values: [true: false, false: true])])
        store.register(key)
        #expect(store.storedObject(for: key) as? Bool == false)
        store.removeValues(named: ["oldThing"])
        #expect(!store.has(DefaultsKey<Int>("oldThing", default: 0)))
    }
}
