import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

/// Every failure a store used to pass in silence is reported for its key (``DefaultsStore/failures(for:)``); none
/// crashes, and what the key reads is what the docs say.
@Suite struct FailureReportingTests {
    @Test func aValueWithNoStoredFormIsReportedAndLeavesTheStoredValue() {
        let store = DefaultsStore.inMemory()
        let key = DefaultsKey<[String?]>("names", default: [])
        store[key] = ["ann"]
        store[key] = ["bob", nil]  // nil has no place in a property-list array
        #expect(store[key] == ["ann"])
        #expect(store.failures(for: key).map(\.kind) == [.notEncodable])
        // Through `@Default` and `update` too.
        @Default(key, store: store) var names
        names = [nil]
        store.update(key) { $0 = [nil, "x"] }
        #expect(store[key] == ["ann"])
        #expect(store.failures(for: key).count == 3 || store.failures(for: key).count == 1,
                "reported, each once in a row")
        #expect(store.failures(for: key).allSatisfy { $0.kind == .notEncodable })
        // The throwing setter throws instead.
        #expect(throws: DefaultsError.self) { try store.set([nil], for: key) }
    }

    @Test func aStoredValueOfAnotherTypeIsReportedOnceAndReadsTheDefault() {
        let store = DefaultsStore.inMemory()
        store[DefaultsKey<String>("volume", default: "")] = "loud"
        let key = DefaultsKey<Double>("volume", default: 0.5)
        #expect(store[key] == 0.5)
        #expect(store[key] == 0.5)
        let failures = store.failures(for: key)
        #expect(failures.map(\.kind) == [.unreadable], "a value read again and again is one failure")
        #expect(failures.first?.detail == "a string does not read as Double")
        #expect(failures.first?.description.contains("\"volume\"") == true)
        #expect(failures.first?.description.contains("loud") == false, "stored values are never logged")
        store.removeFailures(for: key)
        #expect(store.failures(for: key).isEmpty)
    }

    @Test func aValueOutsideTheRangeIsReported() {
        let store = DefaultsStore.inMemory()
        store[DefaultsKey<Int>("level", default: 0)] = 99
        let key = DefaultsKey<Int>("level", default: 5, in: 0...10)
        #expect(store[key] == 5)
        #expect(store.failures(for: key).map(\.kind) == [.unreadable])
        #expect(store.failures(for: key).first?.detail == "a value outside the key's range")
    }

    @Test func elementsLeftOutOfACollectionAreReportedForTheirKeyOnly() throws {
        let suite = ScratchSuite()
        let good = try #require(try Profile.sample.defaultsObject() as? [String: Any])
        var bad = good
        bad["age"] = nil
        let key = DefaultsKey<[Profile]>("people", default: [])
        let other = DefaultsKey<[Profile]>("others", default: [])
        suite.defaults.set([good, bad, bad], forKey: "people")
        suite.defaults.set([good], forKey: "others")
        #expect(suite.store[key] == [.sample])
        #expect(suite.store[other] == [.sample])
        #expect(suite.store.failures(for: key).map(\.kind) == [.elementsLeftOut(count: 2)])
        #expect(suite.store.failures(for: other).isEmpty)
        // In a dictionary, and in an optional set.
        suite.defaults.set(["a": good, "b": bad], forKey: "byName")
        let byName = DefaultsKey<[String: Profile]>("byName", default: [:])
        #expect(suite.store[byName] == ["a": .sample])
        #expect(suite.store.failures(for: byName).map(\.kind) == [.elementsLeftOut(count: 1)])
        suite.defaults.set([["a": good, "b": bad]], forKey: "nested")
        let nested = DefaultsKey<[[String: Profile]]?>("nested")
        #expect(suite.store[nested] == [["a": .sample]])
        #expect(suite.store.failures(for: nested).map(\.kind) == [.elementsLeftOut(count: 1)], "counted inside nested collections")
    }

    @Test func aMigrationValueThatDoesNotConvertIsReportedAsDropped() {
        let store = DefaultsStore.inMemory()
        store[DefaultsKey<String>("oldSize", default: "")] = "huge"
        let key = DefaultsKey<Int>("size", default: 1, migrations: [.from("oldSize", as: String.self, values: ["small": 1, "large": 2])])
        #expect(store[key] == 1)
        #expect(store.failures(for: key).map(\.kind) == [.migrationValueDropped(formerName: "oldSize")])
        #expect(store.failures(for: key).first?.detail == "a string does not convert to Int")
    }

    @Test func failuresAreKeptPerSuiteAndBounded() {
        let store = DefaultsStore.inMemory()
        let key = DefaultsKey<Int>("count", default: 0)
        for index in 0..<40 {
            // A different failure each time: an array of another length.
            store[DefaultsKey<[String]>("count", default: [])] = Array(repeating: "x", count: index)
            _ = store[key]
        }
        #expect(store.failures(for: key).count == FailureLog.perName)
        #expect(DefaultsStore.inMemory().failures(for: key).isEmpty, "another suite has its own")
    }

    /// A failure reported inside a write (an `update` closure's value) is logged after the write order is released:
    /// the log call is a call into the system.
    @Test func aFailureInsideAWriteWaitsForTheWriteOrderToBeLogged() {
        let store = DefaultsStore.inMemory()
        let key = DefaultsKey<[String?]>("names", default: [])
        store.update(key) { value in
            value = [nil]
            #expect(WriteOrder.isHeldByCurrentThread)
        }
        #expect(!WriteOrder.isBusyOnCurrentThread)
        #expect(store.failures(for: key).map(\.kind) == [.notEncodable])
    }
}
