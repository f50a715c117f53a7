import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

/// The ledger's table of names in flight behaves as a dictionary whatever the order of additions and removals.
struct InFlightTableTests {
    @Test func itAgreesWithADictionaryOverEveryOrderOfThreeNames() {
        let names = ["a", "b", "c"]
        // Every sequence of 6 operations, each an add/change (+) or removal (-) of one of three names.
        for code in 0..<729 * 64 {
            var table = InFlightTable<Int>()
            var model: [String: Int] = [:]
            var rest = code
            for step in 0..<6 {
                let name = names[rest % 3]
                rest /= 3
                let removes = rest % 2 == 1
                rest /= 2
                if let index = table.index(of: name) {
                    if removes {
                        table.remove(at: index)
                        model[name] = nil
                    } else {
                        table.modify(at: index) { $0 += step }
                        model[name]! += step
                    }
                } else if !removes {
                    table.append(name, step)
                    model[name] = step
                }
                if table.count != model.count || table.mapValues({ $0 }) != model {
                    Issue.record("code \(code), step \(step): \(table.mapValues { $0 }), not \(model)")
                }
                for name in names where table[name] != model[name] {
                    Issue.record("code \(code), step \(step): \(name) reads \(String(describing: table[name])), not \(String(describing: model[name]))")
                }
            }
        }
    }

    /// Two spellings of one text are two `UserDefaults` keys, so two names here (Swift's `==` calls them equal).
    @Test func twoSpellingsOfOneTextAreTwoNames() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        var table = InFlightTable<Int>()
        table.append(composed, 1)
        #expect(table.index(of: decomposed) == nil)
        table.append(decomposed, 2)
        #expect(table[composed] == 1)
        #expect(table[decomposed] == 2)
        table.remove(at: table.index(of: composed)!)
        #expect(table[composed] == nil)
        #expect(table[decomposed] == 2)
        table.append(composed, 3)
        #expect(table.mapValues { $0 }.count == 1, "a Swift dictionary keeps one of them, without trapping")
    }

    /// Over an object that calls back as Apple's does (Apple's preferences keep the two spellings apart; Linux
    /// Foundation does not, so what reaches `set` is what is checked): a write of one spelling made while a write of
    /// the other is in flight is not newer than it, and both calls are made. (With Swift's `==`, the write in flight
    /// took the other for a newer write of its name and skipped its call.)
    @Test func aWriteOfOneSpellingDoesNotSupersedeTheOtherInFlight() throws {
        let scratch = ScratchSuite()
        let defaults = try #require(AppleLikeDefaults(suiteName: scratch.name))
        let store = DefaultsStore(defaults)
        let composed = DefaultsKey<Int>("caf\u{E9}", default: 0), decomposed = DefaultsKey<Int>("cafe\u{301}", default: 0)
        let written = LockedState<[[Unicode.Scalar]]>([])
        defaults.onKeyChange { name in written.withLock { $0.append(Array(name.unicodeScalars)) } }
        let setReturned = PlainSetsBesideUpdates.setWhileAWriteWaitsInTheWriteOrder(1, name: composed.name, of: store) {
            store[decomposed] = 2
        }
        #expect(setReturned, "the plain set waited for the write order")
        let calls = written.withLock { $0 }
        #expect(calls.filter { $0 == Array(composed.name.unicodeScalars) }.count == 1, "the write in flight made no call: \(calls)")
        #expect(calls.filter { $0 == Array(decomposed.name.unicodeScalars) }.count == 1, "\(calls)")
    }
}
