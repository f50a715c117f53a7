import Foundation
import Testing
import TypedDefaults

/// `DefaultsPropertyList`, a setting of any property-list shape: every shape round-trips through a store and raw
/// `UserDefaults` in both directions, keeping each part's kind; anything that is not wholly a property-list value
/// reads as the default.
@Suite struct DefaultsPropertyListTests {
    /// A random value of every case, up to `depth` levels of collections. Dates in whole seconds: Linux Foundation
    /// may reload a suite from its XML file, which keeps whole seconds only (`RoundTripTests.scalars`).
    static func randomValue(_ random: inout SyncConvergenceTests.SeededGenerator, depth: Int, wholeSeconds: Bool) -> DefaultsPropertyList {
        let leaves: [(inout SyncConvergenceTests.SeededGenerator) -> DefaultsPropertyList] = [
            { .string(["", "plain", "Grüße \u{1F30D}", "1", "true", "2024-01-01T00:00:00Z"].randomElement(using: &$0)!) },
            { .bool(Bool.random(using: &$0)) },
            { .integer([0, 1, -1, Int64.max, Int64.min, 42].randomElement(using: &$0)!) },
            { .double([0, 1, -0.0, 0.1, 1e300, -2.5, .infinity, -.infinity, .nan].randomElement(using: &$0)!) },
            { random in
                let seconds = Double(Int.random(in: -1_000_000_000...2_000_000_000, using: &random))
                return .date(Date(timeIntervalSince1970: wholeSeconds ? seconds : seconds + 0.25))
            },
            { .data(Data((0..<Int.random(in: 0...6, using: &$0)).map { UInt8($0 * 51) })) },
        ]
        guard depth > 0, Int.random(in: 0..<3, using: &random) == 0 else {
            return leaves.randomElement(using: &random)!(&random)
        }
        let count = Int.random(in: 0...4, using: &random)
        if Bool.random(using: &random) {
            return .array((0..<count).map { _ in randomValue(&random, depth: depth - 1, wholeSeconds: wholeSeconds) })
        }
        var members: [String: DefaultsPropertyList] = [:]
        for index in 0..<count { members["key \(index)"] = randomValue(&random, depth: depth - 1, wholeSeconds: wholeSeconds) }
        return .dictionary(members)
    }

    @Test func everyShapeRoundTripsThroughTheStoreAndRawUserDefaults() {
        let suite = FreshSuite()
        let raw = UserDefaults(suiteName: suite.name)!
        let key = DefaultsKey<DefaultsPropertyList?>("anyShape")
        var random = SyncConvergenceTests.SeededGenerator(state: 7)
        var kinds: Set<String> = []
        for round in 0..<300 {
            let value = Self.randomValue(&random, depth: 3, wholeSeconds: true)
            kinds.insert(String(describing: value).prefix(1).description)
            suite.store.remove(key)
            suite.store[key] = value
            #expect(suite.store[key] == value, "round \(round): \(value)")
            #expect(DefaultsPropertyList(propertyListObject: raw.object(forKey: "anyShape")!) == value, "round \(round): raw read")
            #expect(DefaultsStore(UserDefaults(suiteName: suite.name)!)[key] == value, "round \(round): another store")

            // Removed first: Foundation keeps the stored object when the new one is equal to it (`0` over `0.0`).
            let other = Self.randomValue(&random, depth: 3, wholeSeconds: true)
            raw.removeObject(forKey: "anyShape")
            raw.set(other.propertyListObject, forKey: "anyShape")
            #expect(suite.store[key] == other, "round \(round): raw write \(other)")
        }
    }

    @Test func fractionsOfASecondAndEveryKindSurviveABinaryPropertyList() throws {
        var random = SyncConvergenceTests.SeededGenerator(state: 11)
        for round in 0..<300 {
            let value = Self.randomValue(&random, depth: 3, wholeSeconds: false)
            let data = try PropertyListSerialization.data(fromPropertyList: value.propertyListObject, format: .binary, options: 0)
            let back = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            #expect(DefaultsPropertyList(propertyListObject: back) == value, "round \(round): \(value)")
            let memory = DefaultsStore.inMemory()
            memory[DefaultsKey<DefaultsPropertyList>("value", default: .array([]))] = value
            #expect(memory[DefaultsKey<DefaultsPropertyList>("value", default: .array([]))] == value, "round \(round): in memory")
        }
    }

    @Test func eachPartKeepsItsKind() {
        let suite = FreshSuite()
        let raw = UserDefaults(suiteName: suite.name)!
        let key = DefaultsKey<DefaultsPropertyList>("mixed", default: .string("default"))
        raw.set(["flag": true, "count": 1, "ratio": 1.0, "off": NSNumber(value: false), "name": "1"], forKey: "mixed")
        #expect(suite.store[key] == .dictionary([
            "flag": .bool(true), "count": .integer(1), "ratio": .double(1), "off": .bool(false), "name": .string("1"),
        ]))
        #expect(suite.store[key]["flag"] == .bool(true))
        #expect(suite.store[key]["missing"] == nil)
        raw.set([1, "two", [3.5]], forKey: "mixed")
        #expect(suite.store[key][1] == .string("two"))
        #expect(suite.store[key][2]?[0] == .double(3.5))
        #expect(suite.store[key][3] == nil)
    }

    @Test func anythingNotWhollyAPropertyListValueReadsAsTheDefault() {
        // An unsigned number above Int64.max, a dictionary keyed by numbers, a non-property-list object, a null
        // element: no case holds them, so the whole value does not read (the store then reads the default).
        let unreadable: [Any] = [
            [1, UInt64.max] as [Any], [1: "one"] as [AnyHashable: Any], [UUID()] as [Any], [Optional<Int>.none as Any],
            NSNull(),
        ]
        for stored in unreadable {
            #expect(DefaultsPropertyList.fromDefaultsObject(stored) == nil, "\(stored)")
        }
        let suite = FreshSuite()
        let key = DefaultsKey<DefaultsPropertyList>("mixed", default: .string("default"))
        UserDefaults(suiteName: suite.name)!.set([1, UInt64.max], forKey: "mixed")
        #expect(suite.store[key] == .string("default"))
        suite.store[key] = .integer(3)
        #expect(suite.store[key] == .integer(3))
    }

    @Test func nanEqualsItselfAndZerosHashAlike() {
        #expect(DefaultsPropertyList.double(.nan) == .double(.nan))
        #expect(DefaultsPropertyList.double(0) == .double(-0.0))
        #expect(Set([DefaultsPropertyList.double(0), .double(-0.0)]).count == 1)
        #expect(DefaultsPropertyList.integer(1) != .double(1))
        #expect(DefaultsPropertyList.integer(1) != .bool(true))
    }
}
