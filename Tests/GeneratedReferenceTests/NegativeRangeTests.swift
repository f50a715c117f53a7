import CoreFoundation
import Foundation
import Testing
import TypedDefaults

/// The committed output for ranges.json, whose bounds lie below zero: it compiles (a negative upper bound once
/// did not), each key reads values at its bounds as they are, and a write outside stores the nearest declared bound
/// (a key with one bound declared has no other to move a value to).
@Suite struct NegativeRangeTests {
    /// Writes `inside` and `outside` in turn; reading gives `inside`, then the bound nearest each outside value.
    func check<Value: Comparable>(_ key: DefaultsKey<Value>, inside: [Value], outside: [Value], bounds: [Value],
                                  sourceLocation: SourceLocation = #_sourceLocation) {
        let store = DefaultsStore.inMemory()
        #expect(store[key] == key.defaultValue, sourceLocation: sourceLocation)
        for value in inside {
            store[key] = value
            #expect(store[key] == value, "\(value) is inside \(key.name)'s range", sourceLocation: sourceLocation)
        }
        for value in outside {
            store[key] = value
            let nearest = bounds.min { abs(distance($0, value)) < abs(distance($1, value)) }
            #expect(store[key] == nearest, "\(value) is outside \(key.name)'s range", sourceLocation: sourceLocation)
        }
        #expect(store.failures(for: key).allSatisfy { $0.kind == .outOfRange }, sourceLocation: sourceLocation)
    }

    /// How far apart two values are, in doubles (wide enough for every key here).
    private func distance<Value>(_ a: Value, _ b: Value) -> Double {
        func double(_ value: Value) -> Double { Double("\(value)")! }
        return double(a) - double(b)
    }

    @Test func bothBoundsBelowZero() {
        check(.gainDecibels, inside: [-60, -6, -12.5], outside: [-60.001, -5.999, 0, 6], bounds: [-60, -6])
        check(.offsetSteps, inside: [-5, -1], outside: [-6, 0, 1], bounds: [-5, -1])
        check(.scaleFactor, inside: [-2.5, -0.25], outside: [-2.51, -0.24, 0], bounds: [-2.5, -0.25])
        check(.tiltDegrees, inside: [-1500, -0.5], outside: [-1500.5, -0.25, 0], bounds: [-1500, -0.5])
        check(.shiftBy, inside: [-128, -100], outside: [-99, 0, 127], bounds: [-128, -100])
    }

    @Test func onlyANegativeMaximum() {
        check(.ceilingDecibels, inside: [-0.001, -.greatestFiniteMagnitude], outside: [-0.0009, 0, 1], bounds: [-0.001])
        check(.lowestSteps, inside: [.min, -1], outside: [0, .max], bounds: [-1])
    }

    @Test func onlyANegativeMinimum() {
        check(.floorSteps, inside: [-100, .max], outside: [-101, .min], bounds: [-100])
    }

    @Test func defaultsAreTheSchemas() {
        #expect(DefaultsKeys.gainDecibels.defaultValue == -12)
        #expect(DefaultsKeys.lowestSteps.defaultValue == .min)
        #expect(DefaultsKeys.scaleFactor.defaultValue == -0.5)
        #expect(DefaultsKeys.Ranges.all.count == 8)
    }
}
