import Foundation
import Testing
import TestSupport
@testable import TypedDefaults

/// Records inside arrays, sets and dictionaries read element by element: one stored record that no longer reads
/// (a required field missing) is left out and counted, the others read. It used to make the whole collection read
/// as the key's default, and the next write of the collection then erased every record.
@Suite(.serialized) struct RecordCollectionsTests {
    /// A good record's stored form, and one without its required `age`.
    static func storedRecords() throws -> (good: [String: Any], bad: [String: Any]) {
        let good = try #require(try Profile.sample.defaultsObject() as? [String: Any])
        var bad = good
        bad["age"] = nil
        return (good, bad)
    }

    @Test func anArrayLeavesOutOnlyTheRecordThatDoesNotRead() throws {
        let suite = ScratchSuite()
        let (good, bad) = try Self.storedRecords()
        let key = DefaultsKey<[Profile]>("profiles", default: [])
        suite.defaults.set([good, bad, good], forKey: "profiles")
        #expect(suite.store[key] == [.sample, .sample])
        #expect(suite.store.failures(for: key).map(\.kind) == [.elementsLeftOut(count: 1)], "reported for this key")
        #expect(suite.store[key] == [.sample, .sample])
        #expect(suite.store.failures(for: key).count == 1, "the same failure again is not reported twice in a row")
        // Reading removes nothing; the next write of the array stores what was read.
        #expect((suite.defaults.array(forKey: "profiles") ?? []).count == 3)
        suite.store[key].append(.sample)
        #expect((suite.defaults.array(forKey: "profiles") ?? []).count == 3)
        #expect(suite.store[key] == [.sample, .sample, .sample])
    }

    @Test func aDictionaryLeavesOutOnlyTheRecordThatDoesNotRead() throws {
        let suite = ScratchSuite()
        let (good, bad) = try Self.storedRecords()
        suite.defaults.set(["ann": good, "bob": bad], forKey: "byName")
        #expect(suite.store[DefaultsKey<[String: Profile]>("byName", default: [:])] == ["ann": .sample])
    }

    @Test func everyRecordUnreadableOrAnotherKindOfElementMakesTheWholeValueUnreadable() throws {
        let suite = ScratchSuite()
        let (good, bad) = try Self.storedRecords()
        let fallback = [Profile.sample]
        suite.defaults.set([bad, bad], forKey: "allBad")
        #expect(suite.store[DefaultsKey<[Profile]>("allBad", default: fallback)] == fallback)
        // A scalar of the wrong kind is not a record: the array does not read, as before.
        suite.defaults.set([good, "not a record"], forKey: "mixed")
        #expect(suite.store[DefaultsKey<[Profile]>("mixed", default: fallback)] == fallback)
        suite.defaults.set([1, "two", 3], forKey: "numbers")
        #expect(suite.store[DefaultsKey<[Int]>("numbers", default: [9])] == [9])
    }

    @Test func anOptionalArrayOfRecordsReadsTheOthersToo() throws {
        let suite = ScratchSuite()
        let (good, bad) = try Self.storedRecords()
        suite.defaults.set([bad, good], forKey: "maybe")
        #expect(suite.store[DefaultsKey<[Profile]?>("maybe")] == [.sample])
    }

    /// The debug editor's `setValue(fromObject:)` refuses a collection whose elements do not all read, and says how
    /// many: storing the others would leave those out in silence.
    @Test func settingACollectionFromAnObjectLeavesNothingOutInSilence() throws {
        let store = DefaultsStore.inMemory()
        let key = DefaultsKey<[Profile]>("profiles", default: [])
        let good = try #require(try Profile.sample.defaultsObject() as? [String: Any])
        #expect(!store.setValue(fromObject: [good, ["name": 3]], for: key))
        #expect(store[key] == [])
        #expect(store.failures(for: key).map(\.kind) == [.elementsLeftOut(count: 1)])
        #expect(store.setValue(fromObject: [good], for: key))
        #expect(store[key] == [.sample])
    }
}
