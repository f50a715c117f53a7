import Foundation
import TestSupport
import Testing
@testable import TypedDefaults
@_spi(Testing) import TypedDefaultsTestDoubles

/// A record that counts how often it is decoded: how the tests see whether a read decoded or found the value kept.
struct CountedRecord: DefaultsSerializable, Equatable {
    var tags: [String]

    /// Decodes so far, by every test of the suite (serialized: each test counts its own).
    static let decodes = NSLockedCounter()

    func defaultsObject() throws -> Any? { ["tags": tags] }

    static func fromDefaultsObject(_ object: Any) -> CountedRecord? {
        _ = decodes.increment()
        guard let members = object as? [String: Any], let tags = members["tags"].flatMap([String].fromDefaultsObject) else { return nil }
        return CountedRecord(tags: tags)
    }
}

/// A collection or record value is decoded once per stored object (``DecodedValue``), and every kind of writer
/// makes the next read decode the new object: this store, another store over the suite, Foundation itself (code
/// that uses `UserDefaults` directly), another process, and iCloud.
@Suite(.serialized) struct DecodedValueTests {
    let record = DefaultsKey<CountedRecord>("record", default: CountedRecord(tags: []))

    /// Decodes made by `body`.
    func decodes(_ body: () -> Void) -> Int {
        let before = CountedRecord.decodes.current
        body()
        return CountedRecord.decodes.current - before
    }

    @Test(arguments: [true, false])
    func anUnchangedValueIsDecodedOnce(inMemory: Bool) {
        let scratch = ScratchSuite()
        let store = inMemory ? DefaultsStore.inMemory() : scratch.store
        store[record] = CountedRecord(tags: ["a", "b"])
        var read: [[String]] = []
        #expect(decodes { for _ in 0..<5 { read.append(store[record].tags) } } == 1)
        #expect(read == Array(repeating: ["a", "b"], count: 5))
        store[record] = CountedRecord(tags: ["c"])
        read = []
        #expect(decodes { for _ in 0..<5 { read.append(store[record].tags) } } == 1)
        #expect(read == Array(repeating: ["c"], count: 5))
        // Another type read under the same name takes its own value.
        #expect(store[DefaultsKey<[String: [String]]>("record", default: [:])] == ["tags": ["c"]])
        #expect(store[record].tags == ["c"])
    }

    @Test func collectionsAndRecordsKeepTheirValueButScalarsDoNot() {
        #expect(DefaultsKey<[String]>("a", default: []).cachesDecodedValues)
        #expect(DefaultsKey<[String: Int]?>("a").cachesDecodedValues)
        #expect(DefaultsKey<CountedRecord?>("a").cachesDecodedValues)
        #expect(!DefaultsKey<Int>("a", default: 0).cachesDecodedValues)
        #expect(!DefaultsKey<String?>("a").cachesDecodedValues)
        #expect(!DefaultsKey<Date>("a", default: .distantPast).cachesDecodedValues)
        #expect(!DefaultsKey<DecodedValueTheme?>("a").cachesDecodedValues)
    }

    @Test func aWriteThroughAnotherStoreOfTheSuiteIsRead() {
        let scratch = ScratchSuite()
        let other = DefaultsStore.suite(scratch.name)
        scratch.store[record] = CountedRecord(tags: ["mine"])
        #expect(scratch.store[record].tags == ["mine"])
        #expect(other[record].tags == ["mine"])
        other[record] = CountedRecord(tags: ["theirs"])
        #expect(scratch.store[record].tags == ["theirs"])
        scratch.store[record] = CountedRecord(tags: ["mine again"])
        #expect(other[record].tags == ["mine again"])
    }

    @Test func aWriteThroughUserDefaultsItselfIsRead() {
        let scratch = ScratchSuite()
        let tags = DefaultsKey<[String]>("tags", default: [])
        scratch.store[tags] = ["a"]
        scratch.store[record] = CountedRecord(tags: ["a"])
        #expect(scratch.store[tags] == ["a"])
        #expect(scratch.store[record].tags == ["a"])
        withFoundationLock { scratch.defaults.set(["b", "c"], forKey: "tags") }
        withFoundationLock { scratch.defaults.set(["tags": ["b"]], forKey: "record") }
        #expect(scratch.store[tags] == ["b", "c"])
        #expect(scratch.store[record].tags == ["b"])
        withFoundationLock { scratch.defaults.removeObject(forKey: "tags") }
        withFoundationLock { scratch.defaults.removeObject(forKey: "record") }
        #expect(scratch.store[tags] == [])
        #expect(scratch.store[record].tags == [])
    }

    @Test(arguments: [true, false])
    func removalsAndRegisteredDefaultsAreRead(inMemory: Bool) {
        let scratch = ScratchSuite()
        let store = inMemory ? DefaultsStore.inMemory() : scratch.store
        let tags = DefaultsKey<[String]>("tags", default: ["default"])
        store[tags] = ["a"]
        #expect(store[tags] == ["a"])
        store.remove(tags)
        #expect(store[tags] == ["default"])
        store[tags] = ["b"]
        #expect(store[tags] == ["b"])
        store[tags] = ["default"]
        store.register(tags)
        store.remove(tags)
        #expect(store[tags] == ["default"])
    }

    @Test func twoKeysOfOneNameAndDifferentTypesEachReadTheirOwn() {
        let store = DefaultsStore.inMemory()
        let strings = DefaultsKey<[String]>("shared", default: [])
        let set = DefaultsKey<Set<String>>("shared", default: [])
        store[strings] = ["x", "y", "x"]
        for _ in 0..<3 {
            #expect(store[strings] == ["x", "y", "x"])
            #expect(store[set] == ["x", "y"])
        }
    }

    @Test func aValueFromTheCloudIsRead() {
        let account = InMemoryCloudAccount()
        let clock = TickingClock()
        let phone = SyncedDevice(account, clock: clock)
        let laptop = SyncedDevice(account, clock: clock)
        phone.store[SyncKeys.tags] = ["phone"]
        deliverEverything(account, [phone, laptop])
        #expect(laptop.store[SyncKeys.tags] == ["phone"])
        laptop.store[SyncKeys.tags] = ["laptop"]
        #expect(laptop.store[SyncKeys.tags] == ["laptop"])
        #expect(phone.store[SyncKeys.tags] == ["phone"])
        deliverEverything(account, [phone, laptop])
        #expect(phone.store[SyncKeys.tags] == ["laptop"])
    }

    @Test func theKeptValuesOfASuiteAreBounded() {
        let scratch = ScratchSuite()
        let count = DecodedValueTable.limit + 40
        for index in 0..<count {
            let key = DefaultsKey<[Int]>("numbers\(index)", default: [])
            scratch.store[key] = [index]
            #expect(scratch.store[key] == [index])
        }
        guard case .userDefaults(let foundation) = scratch.store.storage else { Issue.record("not a UserDefaults suite"); return }
        #expect(foundation.decodedValues.count <= DecodedValueTable.limit)
        #expect(foundation.decodedValues.count > 0)
        for index in 0..<count { #expect(scratch.store[DefaultsKey<[Int]>("numbers\(index)", default: [])] == [index]) }
    }

    #if os(Linux)
    /// Another process writes the suite (Linux: its file; the stores here reload it when it changes).
    @Test func aWriteByAnotherProcessIsRead() throws {
        let suite = "typeddefaults.tests.decoded.\(UUID().uuidString)"
        defer { try? DefaultsStore.removeSuite(named: suite) }
        struct Profile: Codable, Equatable, DefaultsSerializable { var name: String }
        let profile = DefaultsKey<Profile?>("profile")
        let store = DefaultsStore.suite(suite)
        store[profile] = Profile(name: "here")
        DefaultsStore.flush()
        #expect(store[profile] == Profile(name: "here"))
        // What sindresorhus/Defaults stores for a Codable value: its JSON text.
        let result = try runProcess(builtProduct("defaults-probe"), [suite, "raw-write", "profile", #"{"name":"there"}"#], timeout: 120)
        #expect(result.status == 0, "\(result.output)")
        let start = Date()
        while store[profile] != Profile(name: "there"), Date().timeIntervalSince(start) < 5 { usleep(20_000) }
        #expect(store[profile] == Profile(name: "there"))
    }
    #endif
}

enum DecodedValueTheme: String, DefaultsSerializable { case light, dark }

/// What counts as the object a kept value was decoded from: exactly the same type and bytes, nothing looser (a
/// decoder may tell apart what observers' change detection calls equal).
@Suite struct SameStoredObjectTests {
    @Test func onlyTheSameTypeAndBytesAreTheSameObject() {
        #expect(isSameStoredObject(["a", 1, 0.5, true] as [Any?], ["a", 1, 0.5, true] as [Any?]))
        #expect(isSameStoredObject(["tags": ["x"] as [Any?], "n": 2] as [AnyHashable: Any?], ["n": 2, "tags": ["x"] as [Any?]] as [AnyHashable: Any?]))
        #expect(isSameStoredObject(["a", 1] as [Any], ["a", 1] as [Any]))
        #expect(!isSameStoredObject(1, "1"))
        #expect(!isSameStoredObject("1", 1))
        #expect(!isSameStoredObject(0.0, -0.0))
        #expect(!isSameStoredObject([0.0] as [Any?], [-0.0] as [Any?]))
        #expect(!isSameStoredObject(true, 1))
        #expect(!isSameStoredObject(1, Int64(1)))
        #expect(!isSameStoredObject("caf\u{E9}", "cafe\u{301}"))  // one text, two spellings: a decoder may see the bytes
        #expect(!isSameStoredObject(["a"] as [Any?], ["a"] as [Any]))
        #expect(!isSameStoredObject(["id": 1] as [AnyHashable: Any?], ["id": "1"] as [AnyHashable: Any?]))
    }

    /// A dictionary as Linux Foundation hands it back (keyed by `AnyHashable`, a new one on every read) is recognized
    /// by its entries' names (``DecodedValue/isDecoded(from:)``): exactly when ``isSameStoredObject(_:_:)`` says so.
    @Test func aDictionaryReadAgainIsRecognizedByItsEntriesAndNothingLooser() throws {
        let stored: [AnyHashable: Any?] = ["name": "Ada", "age": 36, "tags": ["math"] as [Any?], "none": nil]
        let decoded = DecodedValue(object: stored, stamp: 0)
        let candidates: [(object: Any, same: Bool)] = [
            (["tags": ["math"] as [Any?], "none": nil, "age": 36, "name": "Ada"] as [AnyHashable: Any?], true),
            (["name": "Ada", "age": 37, "tags": ["math"] as [Any?], "none": nil] as [AnyHashable: Any?], false),
            (["name": "Ada", "age": "36", "tags": ["math"] as [Any?], "none": nil] as [AnyHashable: Any?], false),
            (["name": "Ada", "age": 36, "tags": ["math"] as [Any?]] as [AnyHashable: Any?], false),
            (["name": "Ada", "age": 36, "tags": ["math"] as [Any?], "nothing": nil] as [AnyHashable: Any?], false),
            (["name": "Ada", "age": 36, "tags": ["math"] as [Any?], "none": 0] as [AnyHashable: Any?], false),
            (["name": "Ada", "age": 36, "tags": ["math", "x"] as [Any?], "none": nil] as [AnyHashable: Any?], false),
            (["name": "Ada", "age": 36, "tags": ["math"] as [Any?], "none": nil, 1: nil] as [AnyHashable: Any?], false),
            (["name": "Ada", "age": 36, "tags": ["math"] as [Any?]] as [String: Any], false),
        ]
        for (index, candidate) in candidates.enumerated() {
            #expect(decoded.isDecoded(from: candidate.object) == candidate.same, "candidate \(index)")
            #expect(isSameStoredObject(stored, candidate.object) == candidate.same, "candidate \(index)")
        }
        // A key that is not a string: recognized the general way.
        let numbered = DecodedValue(object: [1: "a"] as [AnyHashable: Any?], stamp: 0)
        #expect(numbered.isDecoded(from: [1: "a"] as [AnyHashable: Any?]))
        #expect(!numbered.isDecoded(from: ["1": "a"] as [AnyHashable: Any?]))
        // What this platform's Foundation hands back, read twice.
        let scratch = ScratchSuite()
        withFoundationLock { scratch.defaults.set(["name": "Ada", "tags": ["math"]] as [String: Any], forKey: "profile") }
        let first = try #require(withFoundationLock { scratch.defaults.object(forKey: "profile") })
        let again = try #require(withFoundationLock { scratch.defaults.object(forKey: "profile") })
        #expect(DecodedValue(object: first, stamp: 0).isDecoded(from: again))
        withFoundationLock { scratch.defaults.set(["name": "Ada", "tags": ["maths"]] as [String: Any], forKey: "profile") }
        let changed = try #require(withFoundationLock { scratch.defaults.object(forKey: "profile") })
        #expect(!DecodedValue(object: first, stamp: 0).isDecoded(from: changed))
    }

    struct Profile: Codable, Equatable, DefaultsSerializable { var id: String }

    /// A record that did not read (a number where a string belongs) is left out; once the stored array is mended,
    /// the next read decodes it again, although change detection calls `1` and `"1"` equal.
    @Test func aMendedArrayIsDecodedAgain() {
        let scratch = ScratchSuite()
        let profiles = DefaultsKey<[Profile]>("profiles", default: [])
        withFoundationLock { scratch.defaults.set([["id": 1], ["id": "2"]], forKey: "profiles") }
        #expect(scratch.store[profiles] == [Profile(id: "2")])
        withFoundationLock { scratch.defaults.set([["id": "1"], ["id": "2"]], forKey: "profiles") }
        #expect(scratch.store[profiles] == [Profile(id: "1"), Profile(id: "2")])
    }
}
