import Foundation
import Testing
@testable import TypedDefaults

/// A write outside a key's declared range never stores an out-of-range value: the subscript, `update` and `@Default`
/// store the nearest declared bound and report it; `set(_:for:)` throws; NaN keeps the current value.
@Suite struct RangeWriteTests {
    let fontSize = DefaultsKey<Int>("fontSize", default: 14, in: 10...24)
    let zoom = DefaultsKey<Double>("zoom", default: 1, in: 0.5...4)

    @Test func oneStepPastTheMaximumStaysAtTheMaximum() {
        let store = DefaultsStore.inMemory()
        store[fontSize] = 24
        store[fontSize] += 1
        #expect(store[fontSize] == 24, "not back to the default")
        #expect(store.storedObject(for: fontSize) as? Int == 24, "nothing out of range is stored")
        #expect(store.failures(for: fontSize).map(\.kind) == [.outOfRange])
        #expect(store.failures(for: fontSize).first?.detail == "above 10...24: its upper bound stored")
        store[fontSize] = 3
        #expect(store[fontSize] == 10)
        #expect(store.failures(for: fontSize).map(\.detail) == ["above 10...24: its upper bound stored", "below 10...24: its lower bound stored"])
    }

    @Test func updateAndDefaultStoreTheNearestBound() {
        let store = DefaultsStore.inMemory()
        store.update(fontSize) { $0 = 100 }
        #expect(store[fontSize] == 24)
        @Default(fontSize, store: store) var size
        size = -7
        #expect(store[fontSize] == 10)
        #expect(store.failures(for: fontSize).allSatisfy { $0.kind == .outOfRange })
        #expect(!store.failures(for: fontSize).isEmpty)
    }

    @Test func theThrowingSetterThrowsAndWritesNothing() {
        let store = DefaultsStore.inMemory()
        store[fontSize] = 20
        #expect(throws: DefaultsError.outOfRange("\"fontSize\": above 10...24")) { try store.set(25, for: fontSize) }
        #expect(throws: DefaultsError.outOfRange("\"zoom\": not a number, outside 0.5...4.0")) { try store.set(.nan, for: zoom) }
        #expect(store[fontSize] == 20)
        #expect(store.failures(for: fontSize).isEmpty, "thrown, not reported")
    }

    @Test func notANumberKeepsTheCurrentValue() {
        let store = DefaultsStore.inMemory()
        store[zoom] = 2
        store[zoom] = .nan
        #expect(store[zoom] == 2)
        store.update(zoom) { $0 = .nan }
        #expect(store[zoom] == 2)
        #expect(store.failures(for: zoom).map(\.detail) == ["not a number, outside 0.5...4.0: nothing stored"])
        store[zoom] = .infinity
        #expect(store[zoom] == 4)
    }

    @Test func onlyDeclaredBoundsCount() {
        let store = DefaultsStore.inMemory()
        let atLeastZero = DefaultsKey<Double>("atLeastZero", default: 0, in: 0...)
        store[atLeastZero] = .infinity
        #expect(store[atLeastZero] == .infinity, "no upper bound to move it to")
        store[atLeastZero] = -1
        #expect(store[atLeastZero] == 0)
        let atMostTen = DefaultsKey<Int>("atMostTen", default: 0, in: ...10)
        store[atMostTen] = .min
        #expect(store[atMostTen] == .min)
        store[atMostTen] = 11
        #expect(store[atMostTen] == 10)
        #expect(store.failures(for: atMostTen).map(\.detail) == ["above ...10: its upper bound stored"])
    }

    /// A half-open range has no greatest value: a write at or past its end is not written, reported.
    @Test func aHalfOpenRangeHasNoGreatestValueToMoveTo() {
        let store = DefaultsStore.inMemory()
        let index = DefaultsKey<Int>("index", default: 0, in: 0..<10)
        store[index] = 9
        store[index] = 10
        #expect(store[index] == 9)
        store[index] = -3
        #expect(store[index] == 0)
        #expect(store.failures(for: index).map(\.detail) == ["outside 0..<10, with no bound to move it to: nothing stored", "below 0..<10: its lower bound stored"])
        #expect(throws: DefaultsError.outOfRange("\"index\": outside 0..<10, with no bound to move it to")) { try store.set(10, for: index) }
    }

    @Test func valuesWrittenByOthersStillReadTheDefault() {
        let store = DefaultsStore.inMemory()
        store.suite.store(30, name: "fontSize")  // raw code, a pull, a launch argument
        #expect(store[fontSize] == 14)
        #expect(store.failures(for: fontSize).map(\.kind) == [.unreadable])
    }
}
