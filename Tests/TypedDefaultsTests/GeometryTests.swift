import Foundation
import Testing
import TestSupport
import TypedDefaults

/// Points, sizes and rectangles are stored as the strings `NSStringFromPoint`, `NSStringFromSize` and
/// `NSStringFromRect` write (as apps' own code stores them), and read from those and from Codable forms.
@Suite struct GeometryTests {
    @Test func storedAsFoundationsStrings() throws {
        let suite = ScratchSuite()
        suite.store[DefaultsKey<CGSize>("size", default: .zero)] = CGSize(width: 800, height: 600.5)
        suite.store[DefaultsKey<CGPoint>("point", default: .zero)] = CGPoint(x: -3, y: 0.1)
        suite.store[DefaultsKey<CGRect>("rect", default: .zero)] = CGRect(x: 0, y: 0.5, width: 10, height: 20)
        #expect(suite.defaults.string(forKey: "size") == "{800, 600.5}")
        #expect(suite.defaults.string(forKey: "point") == "{-3, 0.1}")
        #expect(suite.defaults.string(forKey: "rect") == "{{0, 0.5}, {10, 20}}")
    }

    @Test func readsWhatFoundationAndCodableWrite() {
        let store = DefaultsStore.inMemory()
        let size = DefaultsKey<CGSize>("size", default: .zero)
        let rect = DefaultsKey<CGRect>("rect", default: .zero)
        let point = DefaultsKey<CGPoint>("point", default: CGPoint(x: 9, y: 9))
        // Foundation's 17 significant digits, and its spacing.
        #expect(store.setValue(fromObject: "{0.10000000000000001, 20}", for: size))
        #expect(store[size] == CGSize(width: 0.1, height: 20))
        #expect(store.setValue(fromObject: "{{1, 2}, {3.5, 4}}", for: rect))
        #expect(store[rect] == CGRect(x: 1, y: 2, width: 3.5, height: 4))
        // JSONEncoder's forms of the Codable types.
        #expect(store.setValue(fromObject: [[1, 2], [3, 4]] as [Any], for: rect))
        #expect(store[rect] == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(store.setValue(fromObject: [5, 6] as [Any], for: point))
        #expect(store[point] == CGPoint(x: 5, y: 6))
    }

    @Test func somethingElseReadsAsTheDefault() {
        let store = DefaultsStore.inMemory()
        let size = DefaultsKey<CGSize>("size", default: CGSize(width: 1, height: 1))
        for bad: Any in ["{1}", "{1, 2, 3}", "{{1, 2}, {3, 4}}", "1, 2", "{nan, 2}", "{a, b}", [1] as [Any], 7] {
            #expect(!store.setValue(fromObject: bad, for: size), "\(bad)")
        }
        #expect(store[size] == CGSize(width: 1, height: 1))
        #expect(throws: DefaultsError.self) { try store.set(CGSize(width: CGFloat.infinity, height: 1), for: size) }
    }

    @Test func roundTripsExactly() throws {
        let store = DefaultsStore.inMemory()
        let rect = DefaultsKey<CGRect>("rect", default: .zero)
        for value in [CGRect(x: 1 / 3, y: -0.1, width: 1e300, height: CGFloat.leastNonzeroMagnitude), CGRect(x: 0, y: 0, width: 0, height: 0)] {
            try store.set(value, for: rect)
            #expect(store[rect] == value)
        }
    }
}
