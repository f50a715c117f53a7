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
}
