import CoreFoundation
import Foundation
import Testing
import TypedDefaults

/// The committed output for ranges.json, whose bounds lie below zero: it compiles (a negative upper bound once
/// did not), and each key reads values at its bounds as they are and values outside as its default.
@Suite struct NegativeRangeTests {
    /// Stores `inside` and `outside` in turn; reading gives `inside`, then the default.
    func check<Value: Equatable>(_ key: DefaultsKey<Value>, inside: [Value], outside: [Value],
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        let store = DefaultsStore.inMemory()
        #expect(store[key] == key.defaultValue, sourceLocation: sourceLocation)
        for value in inside {
            store[key] = value
            #expect(store[key] == value, "\(value) is inside \(key.name)'s range", sourceLocation: sourceLocation)
        }
        for value in outside {
            store[key] = value
            #expect(store[key] == key.defaultValue, "\(value) is outside \(key.name)'s range", sourceLocation: sourceLocation)
        }
    }

    @Test func bothBoundsBelowZero() {
        check(.gainDecibels, inside: [-60, -6, -12.5], outside: [-60.001, -5.999, 0, 6])
        check(.offsetSteps, inside: [-5, -1], outside: [-6, 0, 1])
        check(.scaleFactor, inside: [-2.5, -0.25], outside: [-2.51, -0.24, 0])
        check(.tiltDegrees, inside: [-1500, -0.5], outside: [-1500.5, -0.25, 0])
        check(.shiftBy, inside: [-128, -100], outside: [-99, 0, 127])
    }

    @Test func onlyANegativeMaximum() {
        check(.ceilingDecibels, inside: [-0.001, -.greatestFiniteMagnitude], outside: [-0.0009, 0, 1])
        check(.lowestSteps, inside: [.min, -1], outside: [0, .max])
    }

    @Test func onlyANegativeMinimum() {
        check(.floorSteps, inside: [-100, .max], outside: [-101, .min])
    }

    @Test func defaultsAreTheSchemas() {
        #expect(DefaultsKeys.gainDecibels.defaultValue == -12)
        #expect(DefaultsKeys.lowestSteps.defaultValue == .min)
        #expect(DefaultsKeys.scaleFactor.defaultValue == -0.5)
        #expect(DefaultsKeys.Ranges.all.count == 8)
    }
}
