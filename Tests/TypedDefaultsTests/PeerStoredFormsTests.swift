import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

/// What other libraries store reads as the value, with the bytes they write: sindresorhus/Defaults stores a
/// `Codable` value (`CGSize` among them) as a JSON string, and an array of them as an array of JSON strings;
/// SwiftyUserDefaults, Foil and `@AppStorage` store `Codable` values as JSON data.
@Suite struct PeerStoredFormsTests {
    struct Tab: Codable, Equatable, DefaultsSerializable {
        var name: String
        var width: Int
    }

    /// Maccy's `windowSize` and `windowPosition` under sindresorhus/Defaults: `"[450,800]"`.
    @Test func geometryStoredAsJSONTextOrDataReads() {
        let suite = ScratchSuite()
        suite.defaults.set("[450,800]", forKey: "windowSize")
        suite.defaults.set("[120.5,-40]", forKey: "windowPosition")
        suite.defaults.set(Data("[[0,0.5],[10,20]]".utf8), forKey: "frame")
        #expect(suite.store[DefaultsKey<CGSize>("windowSize", default: .zero)] == CGSize(width: 450, height: 800))
        #expect(suite.store[DefaultsKey<CGPoint>("windowPosition", default: .zero)] == CGPoint(x: 120.5, y: -40))
        #expect(suite.store[DefaultsKey<CGRect>("frame", default: .zero)] == CGRect(origin: CGPoint(x: 0, y: 0.5), size: CGSize(width: 10, height: 20)))
        // Foundation's own strings still read, and what is neither reads as the default.
        suite.defaults.set("{450, 800}", forKey: "windowSize")
        #expect(suite.store[DefaultsKey<CGSize>("windowSize", default: .zero)] == CGSize(width: 450, height: 800))
        suite.defaults.set("[450]", forKey: "windowSize")
        #expect(suite.store[DefaultsKey<CGSize>("windowSize", default: .zero)] == .zero)
    }

    /// DockDoor's form under sindresorhus/Defaults: each element a JSON string. One that does not decode is left
    /// out (and reported), not the whole array; the next write stores what was read.
    @Test func anArrayOfJSONStringsReadsElementByElement() {
        let suite = ScratchSuite()
        let key = DefaultsKey<[Tab]>("tabs", default: [])
        suite.defaults.set([#"{"name":"a","width":1}"#, #"{"name":"b"}"#, #"{"name":"c","width":3}"#], forKey: "tabs")
        #expect(suite.store[key] == [Tab(name: "a", width: 1), Tab(name: "c", width: 3)])
        #expect(suite.store.failures(for: key).map(\.kind) == [.elementsLeftOut(count: 1)])
        suite.defaults.set([#"{"name":"a","width":1}"#], forKey: "tabs")
        #expect(suite.store[key] == [Tab(name: "a", width: 1)])
    }

    /// The whole array as one JSON document (a string, or data as JSONEncoder writes it), with a bad element.
    @Test func aJSONArrayWithABadElementKeepsTheOthers() {
        let suite = ScratchSuite()
        let key = DefaultsKey<[Tab]>("tabs", default: [])
        suite.defaults.set(#"[{"name":"a","width":1},{"name":"b","width":"wide"}]"#, forKey: "tabs")
        #expect(suite.store[key] == [Tab(name: "a", width: 1)])
        #expect(suite.store.failures(for: key).map(\.kind) == [.elementsLeftOut(count: 1)])
        suite.defaults.set(Data(#"[{"name":"x","width":9}]"#.utf8), forKey: "tabs")
        #expect(suite.store[key] == [Tab(name: "x", width: 9)], "all good: decoded whole")
        let set = DefaultsKey<Set<Int>>("ids", default: [])
        suite.defaults.set("[1,2,2]", forKey: "ids")
        #expect(suite.store[set] == [1, 2])
    }

    /// A dictionary of Codable values: as one JSON object with a bad member, and as a dictionary of JSON strings.
    @Test func dictionariesOfCodableValuesReadMemberByMember() {
        let suite = ScratchSuite()
        let key = DefaultsKey<[String: Tab]>("byName", default: [:])
        suite.defaults.set(#"{"a":{"name":"a","width":1},"b":{"name":"b"}}"#, forKey: "byName")
        #expect(suite.store[key] == ["a": Tab(name: "a", width: 1)])
        #expect(suite.store.failures(for: key).map(\.kind) == [.elementsLeftOut(count: 1)])
        suite.defaults.set(["a": #"{"name":"a","width":1}"#, "c": #"{"name":"c","width":"x"}"#], forKey: "byName")
        #expect(suite.store[key] == ["a": Tab(name: "a", width: 1)])
    }

    /// Foil stores an array of Codable values as an array of JSON data, one per element.
    @Test func anArrayOfJSONDataReadsElementByElement() {
        let suite = ScratchSuite()
        let key = DefaultsKey<[Tab]>("tabs", default: [])
        suite.defaults.set([Data(#"{"name":"a","width":1}"#.utf8), Data(#"{"width":2}"#.utf8)], forKey: "tabs")
        #expect(suite.store[key] == [Tab(name: "a", width: 1)])
        #expect(suite.store.failures(for: key).map(\.kind) == [.elementsLeftOut(count: 1)])
    }

    /// sindresorhus/Defaults stores a Codable enum's raw value and a URL as JSON strings, quotes included.
    @Test func jsonStringsOfRawValuesAndURLsRead() {
        let suite = ScratchSuite()
        suite.defaults.set(#""careful""#, forKey: "mode")
        #expect(suite.store[DefaultsKey<Mode>("mode", default: .fast)] == .careful)
        suite.defaults.set(#""https:\/\/swift.org\/blog""#, forKey: "home")
        #expect(suite.store[DefaultsKey<URL?>("home")] == URL(string: "https://swift.org/blog"))
        suite.defaults.set(#""nope""#, forKey: "mode")
        #expect(suite.store[DefaultsKey<Mode>("mode", default: .fast)] == .fast, "not a case: the default")
    }
}
