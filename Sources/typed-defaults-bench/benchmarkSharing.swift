import Foundation
import TypedDefaults

/// 8. Several processes: the cost of a save merged under the suite's file lock (a suite opened by name) against
/// Foundation's plain save (a store over a `UserDefaults` object, saved as before), for suites of 10, 1,000 and
/// 10,000 keys: one changed key, then `flush()`.
func benchmarkSharing(repetitions: Int) -> Bool {
    let table = Table("8. Save of one changed key: merged under the file lock vs Foundation's plain save (µs, median of \(repetitions) × 20)",
                      columns: ["keys in suite", "merged save", "plain save", "ratio"])
    for size in [10, 1_000, 10_000] {
        let merged = "typeddefaults.bench.merged.\(UUID().uuidString)"
        let plain = "typeddefaults.bench.plain.\(UUID().uuidString)"
        defer {
            try? DefaultsStore.removeSuite(named: merged)
            try? DefaultsStore.removeSuite(named: plain)
        }
        let mergedStore = DefaultsStore.suite(merged)
        let plainStore = DefaultsStore(UserDefaults(suiteName: plain)!)
        for store in [mergedStore, plainStore] {
            for index in 0..<size { store[DefaultsKey<Int>("k\(index)", default: 0)] = index }
            DefaultsStore.flush()
        }
        let key = DefaultsKey<Int>("changed", default: 0)
        var value = 0
        let (mergedTime, plainTime) = compare(repetitions: repetitions, iterations: 20, {
            value += 1
            mergedStore[key] = value
            DefaultsStore.flush()
        }, {
            value += 1
            plainStore[key] = value
            DefaultsStore.flush()
        })
        table.row("\(size)", format(mergedTime / 1_000, decimals: 0), format(plainTime / 1_000, decimals: 0), format(mergedTime / plainTime, decimals: 2) + "×")
    }
    return true
}
