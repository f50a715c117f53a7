import Foundation
import Testing
import TypedDefaults

@Suite struct ReadingRulesTests {
    @Test func wrongTypedValuesReadAsTheDefault() {
        let suite = FreshSuite()
        let foreign: [Any] = ["text", Data([1]), [1, 2], ["k": "v"], Date(), NSNumber(value: 3.7)]
        for (index, object) in foreign.enumerated() {
            let name = "k\(index)"
            suite.defaults.set(object, forKey: name)
            #expect(suite.store[DefaultsKey<Theme>(name, default: .system)] == .system)
            #expect(suite.store[DefaultsKey<Profile?>(name)] == nil)
            #expect(suite.store[DefaultsKey<UUID?>(name)] == nil)
        }
        suite.defaults.set("not a number", forKey: "n")
        #expect(suite.store[DefaultsKey<Int>("n", default: 5)] == 5)
        suite.defaults.set(["a", 1] as [Any], forKey: "mixed")
        #expect(suite.store[DefaultsKey<[String]>("mixed", default: ["d"])] == ["d"])
        suite.defaults.set("purple", forKey: "theme")
        #expect(suite.store[DefaultsKey<Theme>("theme", default: .light)] == .light)
        suite.defaults.set(["name": "x"], forKey: "profile")
        #expect(suite.store[DefaultsKey<Profile?>("profile")] == nil)
    }

    @Test func numbersConvertOnlyWhenExact() {
        let suite = FreshSuite()
        func int(_ object: Any) -> Int {
            suite.defaults.set(object, forKey: "n")
            return suite.store[DefaultsKey<Int>("n", default: -1)]
        }
        #expect(int(3.0) == 3)
        #expect(int(3.7) == -1)
        #expect(int(1e30) == -1)
        #expect(int(Double.nan) == -1)
        #expect(int(NSNumber(value: UInt64.max)) == -1)
        suite.defaults.set(300, forKey: "small")
        #expect(suite.store[DefaultsKey<UInt8>("small", default: 7)] == 7)
        #expect(suite.store[DefaultsKey<Int16>("small", default: 7)] == 300)
        suite.defaults.set(-1, forKey: "negative")
        #expect(suite.store[DefaultsKey<UInt>("negative", default: 7)] == 7)
        suite.defaults.set(Int.max, forKey: "big")
        #expect(suite.store[DefaultsKey<Double>("big", default: 1)] == 1)
        suite.defaults.set(16_777_217, forKey: "justOverFloat")
        #expect(suite.store[DefaultsKey<Float>("justOverFloat", default: 1)] == 1)
        suite.defaults.set(2, forKey: "two")
        #expect(suite.store[DefaultsKey<Bool>("two", default: false)] == false)
        suite.defaults.set(1, forKey: "one")
        #expect(suite.store[DefaultsKey<Bool>("one", default: false)] == true)
    }

    /// A key with a range (`minimum`/`maximum` in the schema) reads a stored value outside it as its default.
    @Test func valuesOutsideAKeysRangeReadAsTheDefault() {
        let suite = FreshSuite()
        let volume = DefaultsKey<Double>("volume", default: 0.5, in: 0...1)
        let count = DefaultsKey<Int>("count", default: 3, in: 1...Int.max, formerNames: ["oldCount"])
        suite.defaults.set(0.75, forKey: "volume")
        #expect(suite.store[volume] == 0.75)
        suite.defaults.set(1.5, forKey: "volume")
        #expect(suite.store[volume] == 0.5)
        suite.defaults.set("-0.1", forKey: "volume")  // a launch argument
        #expect(suite.store[volume] == 0.5)
        suite.store[volume] = 2  // through the store: the nearest bound is stored (RangeWriteTests)
        #expect(suite.defaults.double(forKey: "volume") == 1 && suite.store[volume] == 1)
        suite.defaults.set(0, forKey: "oldCount")  // out of range under a former name too
        #expect(suite.store[count] == 3)
        suite.defaults.set(7, forKey: "count")
        #expect(suite.store[count] == 7)
        #expect(!suite.store.setValue(fromObject: "1.5", for: volume))  // a debug screen cannot set it out of range
        #expect(suite.store.setValue(fromObject: "0.25", for: volume))
    }

    @Test func launchArgumentStringsRead() {
        let suite = FreshSuite()
        let cases: [(String, Bool?)] = [("YES", true), ("no", false), ("True", true), ("FALSE", false), ("1", true),
                                        ("0", false), ("maybe", nil),
                                        ("Y", true), ("y", true), ("T", true), ("t", true), ("N", false), ("n", false),
                                        ("F", false), ("f", false), ("yess", nil)]
        for (text, expected) in cases {
            suite.defaults.set(text, forKey: "flag")
            #expect(suite.store[DefaultsKey<Bool?>("flag")] == expected, "\(text)")
        }
        suite.defaults.set("0.3", forKey: "volume")
        #expect(suite.store[DefaultsKey<Double>("volume", default: 0)] == 0.3)
        suite.defaults.set("7", forKey: "count")
        #expect(suite.store[DefaultsKey<Int>("count", default: 0)] == 7)
        suite.defaults.set("2024-01-01T00:00:00Z", forKey: "date")
        #expect(suite.store[DefaultsKey<Date?>("date")] == Date(timeIntervalSince1970: 1_704_067_200))
    }

    @Test func launchArgumentsReachTheTypedKeysInAChildProcess() throws {
        let suite = FreshSuite()
        let output = try runProbe([suite.name, "read-arguments", "-volume", "0.3", "-enabled", "YES", "-launchCount", "7"])
        #expect(output == "0.3 true 7")
    }

    @Test func numericEdgesSurviveAReloadFromDisk() throws {
        let suite = FreshSuite()
        _ = try runProbe([suite.name, "write-edges"])
        let output = try runProbe([suite.name, "read-edges"])
        #expect(output == "\(Int.max) \(Int.min) \(UInt64.max) true true -inf\ntrue")
    }

    /// Pins a platform difference: swift-corelibs-foundation saves suites as XML property lists, whose dates
    /// hold whole seconds, so a Date's fraction does not survive a reload on Linux; Apple's binary property
    /// lists keep it.
    @Test func dateFractionsOnDisk() throws {
        let suite = FreshSuite()
        _ = try runProbe([suite.name, "write-date"])
        let seconds = try runProbe([suite.name, "read-date"])
        #if os(Linux)
        #expect(seconds == "1234567.0")
        #else
        #expect(seconds == "1234567.5")
        #endif
    }

    @Test func unicodeKeysAndValues() {
        let suite = FreshSuite()
        let key = DefaultsKey<String>("ключ \u{1F511} \u{202E}", default: "")
        suite.store[key] = "значение \u{1F600}"
        #expect(suite.defaults.string(forKey: "ключ \u{1F511} \u{202E}") == "значение \u{1F600}")
        #expect(suite.store[key] == "значение \u{1F600}")
    }
}
