import Foundation
import Testing
import TypedDefaults

/// Writes `value` through a fresh key, reads it back from the same store and from a new store over the suite.
private func roundTrip<Value: DefaultsSerializable & Equatable>(
    _ value: Value, default defaultValue: Value, sourceLocation: SourceLocation = #_sourceLocation
) {
    let suite = FreshSuite()
    let key = DefaultsKey<Value>("value", default: defaultValue)
    #expect(suite.store[key] == defaultValue, sourceLocation: sourceLocation)
    suite.store[key] = value
    #expect(suite.store[key] == value, sourceLocation: sourceLocation)
    #expect(DefaultsStore(UserDefaults(suiteName: suite.name)!)[key] == value, sourceLocation: sourceLocation)
    #expect(suite.store.has(key), sourceLocation: sourceLocation)
}

@Suite struct RoundTripTests {
    @Test func scalars() {
        roundTrip(true, default: false)
        roundTrip(false, default: true)
        roundTrip(-7, default: 0)
        roundTrip(Int8.min, default: 0)
        roundTrip(Int16.max, default: 0)
        roundTrip(Int32.min, default: 0)
        roundTrip(Int64.max, default: 0)
        roundTrip(UInt.max, default: 0)
        roundTrip(UInt8.max, default: 0)
        roundTrip(UInt16.max, default: 0)
        roundTrip(UInt32.max, default: 0)
        roundTrip(UInt64.max, default: 0)
        roundTrip(0.1, default: 0.0)
        roundTrip(Float(0.1), default: 0)
        roundTrip(Double.infinity, default: 0)
        roundTrip("Grüße, \u{1F30D} \"quoted\" \\ \u{0}", default: "")
        roundTrip(Data([0, 1, 2, 255]), default: Data())
        // Whole seconds: on Linux a save can reload the suite from its XML file, which keeps whole seconds only
        // (pinned by `dateFractionsOnDisk`); a fraction would make this test depend on when a save lands.
        roundTrip(Date(timeIntervalSince1970: 1_234_567), default: Date(timeIntervalSince1970: 0))
        let memory = DefaultsStore.inMemory()
        memory[DefaultsKey<Date?>("date")] = Date(timeIntervalSince1970: 1_234_567.5)
        #expect(memory[DefaultsKey<Date?>("date")] == Date(timeIntervalSince1970: 1_234_567.5))
        roundTrip(URL(string: "https://example.com/a%20b?q=1#frag")!, default: URL(string: "about:blank")!)
        roundTrip(URL(fileURLWithPath: "/tmp/some file"), default: URL(string: "about:blank")!)
        roundTrip(UUID(), default: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
    }

    @Test func nanRoundTrips() {
        let suite = FreshSuite()
        let double = DefaultsKey<Double>("double", default: 0)
        let float = DefaultsKey<Float>("float", default: 0)
        suite.store[double] = .nan
        suite.store[float] = .nan
        #expect(suite.store[double].isNaN)
        #expect(suite.store[float].isNaN)
    }

    @Test func optionals() {
        roundTrip(Optional("x"), default: nil)
        roundTrip(Optional(3), default: nil)
        roundTrip(Optional(Theme.dark), default: nil)
        roundTrip(Optional(Profile.sample), default: nil)
        let suite = FreshSuite()
        let key = DefaultsKey<String?>("username")
        #expect(key.defaultValue == nil)
        #expect(suite.store[key] == nil)
        #expect(!suite.store.has(key))
    }

    @Test func collections() {
        roundTrip(["a", "b", "a"], default: [])
        roundTrip([1.5, -2], default: [])
        roundTrip(Set([1, 2, 3]), default: [])
        roundTrip(["x": 1, "y": -2], default: [:])
        roundTrip([["a"], [], ["b", "c"]], default: [])
        roundTrip(["outer": ["inner": [true, false]]], default: [:])
        roundTrip([Theme.dark, .light], default: [])
        roundTrip([Profile.sample], default: [])
        roundTrip([Date(timeIntervalSince1970: 5)], default: [])
        roundTrip([URL(string: "https://a.example")!], default: [])
    }

    @Test func enumsAndCodable() {
        roundTrip(Theme.dark, default: .system)
        roundTrip(Priority.high, default: .low)
        roundTrip(Mode.careful, default: .fast)
        roundTrip(Profile.sample, default: Profile(name: "", age: 0, ratio: 0, tags: [], nickname: "n",
                                                   joined: Date(timeIntervalSince1970: 0),
                                                   homepage: URL(string: "about:blank")!, mode: .fast, nested: [:]))
    }

    @Test func nilWriteRemovesTheEntry() {
        let suite = FreshSuite()
        let key = DefaultsKey<String?>("username")
        suite.store[key] = "ann"
        #expect(suite.defaults.string(forKey: "username") == "ann")
        suite.store[key] = nil
        #expect(suite.defaults.object(forKey: "username") == nil)
        #expect(!suite.store.has(key))
    }

    @Test func removeRestoresTheDefault() {
        let suite = FreshSuite()
        let key = DefaultsKey<Int>("launchCount", default: 3)
        suite.store[key] = 10
        suite.store.remove(key)
        #expect(suite.store[key] == 3)
        #expect(!suite.store.has(key))
        #expect(suite.defaults.object(forKey: "launchCount") == nil)
    }

    @Test func unrepresentableValueLeavesTheStoredOneAlone() throws {
        let suite = FreshSuite()
        let key = DefaultsKey<[String?]>("list", default: [])
        suite.store[key] = ["kept"]
        #expect(throws: DefaultsError.self) { try suite.store.set(["a", nil], for: key) }
        suite.store[key] = [nil]
        #expect(suite.store[key] == ["kept"])
    }

    @Test func keyExposesItsNameAndDefault() {
        let key = DefaultsKey<Double>("volume", default: 0.5, formerNames: ["soundLevel"])
        #expect(key.name == "volume")
        #expect(key.defaultValue == 0.5)
        #expect(key.formerNames == ["soundLevel"])
        #expect(ObjectIdentifier(key.valueType) == ObjectIdentifier(Double.self))
        #expect((key.defaultObject as? NSNumber)?.doubleValue == 0.5)
    }
}
