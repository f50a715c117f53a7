import Foundation
import TestSupport
import Testing
import TypedDefaults

/// Wrong-typed, truncated and foreign values written with raw UserDefaults under every key type: reads give
/// the default, a typed write then succeeds, and the other keys are untouched.
@Suite struct BadStoredDataTests {
    static var corpus: [Any] { [
        "text", "", "3.7", "1e400", "YES please", Data(), Data([0xFF, 0x00]), Date(timeIntervalSince1970: 0),
        -1, 3.7, 1e300, Double.nan, Int.max, UInt64.max, true,
        [Any](), ["a", 1] as [Any], [[1], ["x"]] as [Any], ["k": "v"], ["k": ["nested": [1, "two"]]] as [String: Any],
        ["email": "a@b.c", "logins": "many"] as [String: Any], ["email": "a@b.c"], [String: Any](),
    ] }

    func check<Value: DefaultsSerializable & Equatable>(_ key: DefaultsKey<Value>, written value: Value, in suite: ScratchSuite, foreign: Any) {
        suite.defaults.set(foreign, forKey: key.name)
        let read = suite.store[key]
        // A foreign value that happens to be a valid Value may read as that value; anything else reads the default.
        if let valid = Value.fromDefaultsObject(foreign) {
            // Compared by description too, so that NaN equals NaN.
            #expect(read == valid || "\(read)" == "\(valid)", "\(key.name) ← \(foreign)")
        } else {
            #expect(read == key.defaultValue, "\(key.name) ← \(foreign)")
        }
        suite.store[key] = value
        #expect(suite.store[key] == value, "\(key.name) after writing over \(foreign)")
    }

    @Test func everyKeyTypeReadsItsDefaultOverForeignValuesAndCanBeWrittenAgain() {
        let suite = ScratchSuite()
        let sentinel = DefaultsKey<String>("sentinel", default: "")
        suite.store[sentinel] = "untouched"
        for foreign in Self.corpus {
            check(DefaultsKey<Bool>("bool", default: false), written: true, in: suite, foreign: foreign)
            check(DefaultsKey<Int>("int", default: 7), written: 8, in: suite, foreign: foreign)
            check(DefaultsKey<UInt8>("uint8", default: 7), written: 8, in: suite, foreign: foreign)
            check(DefaultsKey<Int64>("int64", default: 7), written: .min, in: suite, foreign: foreign)
            check(DefaultsKey<UInt64>("uint64", default: 7), written: .max, in: suite, foreign: foreign)
            check(DefaultsKey<Double>("double", default: 0.5), written: 0.25, in: suite, foreign: foreign)
            check(DefaultsKey<Float>("float", default: 0.5), written: 0.25, in: suite, foreign: foreign)
            check(DefaultsKey<String>("string", default: "d"), written: "w", in: suite, foreign: foreign)
            check(DefaultsKey<Data>("data", default: Data([1])), written: Data([2]), in: suite, foreign: foreign)
            check(DefaultsKey<Date>("date", default: Date(timeIntervalSince1970: 1)), written: Date(timeIntervalSince1970: 2), in: suite, foreign: foreign)
            check(DefaultsKey<URL>("url", default: URL(string: "https://a.example")!), written: URL(string: "https://b.example")!, in: suite, foreign: foreign)
            check(DefaultsKey<UUID?>("uuid"), written: UUID(), in: suite, foreign: foreign)
            check(DefaultsKey<[String]>("strings", default: ["d"]), written: ["w"], in: suite, foreign: foreign)
            check(DefaultsKey<Set<Int>>("set", default: [1]), written: [2, 3], in: suite, foreign: foreign)
            check(DefaultsKey<[String: [Int]]>("nested", default: ["d": [1]]), written: ["w": [2]], in: suite, foreign: foreign)
            check(DefaultsKey<Mood>("mood", default: .calm), written: .busy, in: suite, foreign: foreign)
            check(DefaultsKey<Account?>("account"), written: Account(email: "e", logins: 1, scores: [], mood: .away), in: suite, foreign: foreign)
        }
        #expect(suite.store[sentinel] == "untouched")
    }
}
