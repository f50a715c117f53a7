// Wall time of the store beside raw `UserDefaults`, in one release process, alternating (raw first in even rounds,
// the store first in odd ones), so that both see the same machine: `SideBySide [runs] [rounds] [operations]`
// (default 3 × 9 × 100,000). Prints each run's medians in nanoseconds per operation and store ÷ raw. Run it on an
// idle machine; wall time on a shared one measures the neighbours. Settings live in a scratch suite under a
// temporary configuration directory, never the user's.
import Foundation
import TypedDefaults

struct Profile: Codable, Equatable, DefaultsSerializable {
    var name: String
    var age: Int
    var score: Double
    var tags: [String]
}

nonisolated extension DefaultsKeys {
    static let count = DefaultsKey<Int>("count", default: 0)
    static let profile = DefaultsKey<Profile?>("profile")
}

@inline(never) func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("side-by-side-\(UUID().uuidString)")
try! FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
setenv("XDG_CONFIG_HOME", scratch.path, 1)
setenv("HOME", scratch.path, 1)
defer { try? FileManager.default.removeItem(at: scratch) }

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let runs = arguments.count > 0 ? arguments[0] : 3
let rounds = arguments.count > 1 ? arguments[1] : 9
let operations = arguments.count > 2 ? arguments[2] : 100_000

let suiteName = "typeddefaults.sidebyside"
let defaults = UserDefaults(suiteName: suiteName)!
let store = DefaultsStore(defaults)
let sample = Profile(name: "Ada", age: 36, score: 0.75, tags: ["math", "engines"])
let decoder = JSONDecoder()
store[.profile] = sample
defaults.set(try! JSONEncoder().encode(sample), forKey: "raw.profile")

/// Nanoseconds per operation of one round.
func round(_ body: (Int) -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    for i in 0..<operations { body(i) }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(operations)
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

struct Pair {
    let name: String
    let raw: (Int) -> Void
    let store: (Int) -> Void
}

let pairs = [
    Pair(name: "`Int` set", raw: { defaults.set($0, forKey: "raw.count") }, store: { store[.count] = $0 }),
    Pair(name: "Codable get", raw: { _ in consume(defaults.data(forKey: "raw.profile").flatMap { try? decoder.decode(Profile.self, from: $0) }) },
         store: { _ in consume(store[.profile]) }),
]

print("| run | operation | raw ns | store ns | store ÷ raw |")
print("|---|---|---|---|---|")
for run in 1...runs {
    for pair in pairs {
        var raw: [Double] = [], mine: [Double] = []
        // Warm-up, not counted.
        _ = round(pair.raw)
        _ = round(pair.store)
        for index in 0..<rounds {
            if index.isMultiple(of: 2) {
                raw.append(round(pair.raw))
                mine.append(round(pair.store))
            } else {
                mine.append(round(pair.store))
                raw.append(round(pair.raw))
            }
        }
        let r = median(raw), s = median(mine)
        print("| \(run) | \(pair.name) | \(String(format: "%.0f", r)) | \(String(format: "%.0f", s)) | \(String(format: "%.3f", s / r)) |")
    }
}
try? DefaultsStore.removeSuite(named: suiteName)
