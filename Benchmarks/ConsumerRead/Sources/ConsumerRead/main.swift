import Foundation
import TypedDefaults

// The keys as the generator declares them.
nonisolated extension DefaultsKeys {
    static let count = DefaultsKey<Int>("count", default: 0)
    static let ranged = DefaultsKey<Int>("ranged", default: 5, in: 0...10)
}

@inline(never) func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Median nanoseconds per call over 9 repetitions of `iterations` calls.
func measure(_ iterations: Int = 2_000_000, _ body: () -> Void) -> Double {
    for _ in 0..<iterations / 10 { body() }
    var times: [Double] = []
    for _ in 0..<9 {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { body() }
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations))
    }
    return times.sorted()[4]
}

let memory = DefaultsStore.inMemory()
memory[.count] = 1
memory[.ranged] = 3
print("| read | ns |")
print("|---|---|")
print("| in-memory `store[.count]` (Int) | \(String(format: "%.0f", measure { consume(memory[.count]) })) |")
print("| in-memory `store[.ranged]` (Int in 0...10) | \(String(format: "%.0f", measure { consume(memory[.ranged]) })) |")
print("| `DefaultsStore.standard` (the look-up `Defaults[...]` makes) | \(String(format: "%.1f", measure { consume(DefaultsStore.standard) })) |")
withIsolatedDefaults {
    Defaults[.count] = 1
    print("| `Defaults[.count]` inside `withIsolatedDefaults` (in memory) | \(String(format: "%.0f", measure { consume(Defaults[.count]) })) |")
}
let dictionary = NSMutableDictionary(dictionary: ["count": 1])
let lock = NSLock()
print("| floor: a locked `NSMutableDictionary` read and an `as? Int` cast | \(String(format: "%.0f", measure { lock.lock(); consume(dictionary["count"] as? Int ?? 0); lock.unlock() })) |")
