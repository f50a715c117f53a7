// Instruction counts per operation, for `valgrind --tool=callgrind` (repeatable, unlike wall time on a shared
// machine): `CostProbe <operation> <count>` does `count` operations of one kind; the cost of one is
// (instructions of a run of N) − (instructions of a run of 0), divided by N. `Benchmarks/ConsumerRead/count-instructions`
// runs every operation so. Settings live in a scratch suite under a temporary HOME, never the user's.
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
    static let names = DefaultsKey<[String]>("names", default: [])
    static let profile = DefaultsKey<Profile?>("profile")
}

@inline(never) func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]) else {
    print("usage: CostProbe <operation> <count>")
    exit(64)
}
let operation = arguments[1]
let sample = Profile(name: "Ada", age: 36, score: 0.75, tags: ["math", "engines"])
let suiteName = "typeddefaults.costprobe"
let defaults = UserDefaults(suiteName: suiteName)!
let suite = DefaultsStore(defaults)
let memory = DefaultsStore.inMemory()
let encoder = JSONEncoder(), decoder = JSONDecoder()
for store in [suite, memory] {
    store[.count] = 1
    store[.names] = ["a", "b", "c"]
    store[.profile] = sample
}
defaults.set(1, forKey: "raw.count")
defaults.set(["a", "b", "c"], forKey: "raw.names")
defaults.set(try! encoder.encode(sample), forKey: "raw.profile")
let lock = NSLock()
var dictionary: [String: Any] = ["count": 1, "names": ["a", "b", "c"]]

let operations: [String: (Int) -> Void] = [
    "nothing": { _ in },
    "memory-int-get": { _ in consume(memory[.count]) },
    "memory-int-set": { i in memory[.count] = i },
    "memory-strings-get": { _ in consume(memory[.names]) },
    "memory-record-get": { _ in consume(memory[.profile]) },
    "memory-record-set": { i in memory[.profile] = Profile(name: "Ada", age: i, score: 0.75, tags: ["math", "engines"]) },
    "json-record-encode": { i in consume(try! encoder.encode(Profile(name: "Ada", age: i, score: 0.75, tags: ["math", "engines"]))) },
    "suite-int-get": { _ in consume(suite[.count]) },
    "suite-int-set": { i in suite[.count] = i },
    "suite-strings-get": { _ in consume(suite[.names]) },
    "suite-record-get": { _ in consume(suite[.profile]) },
    "suite-record-set": { i in suite[.profile] = Profile(name: "Ada", age: i, score: 0.75, tags: ["math", "engines"]) },
    "raw-int-get": { _ in consume(defaults.integer(forKey: "raw.count")) },
    "raw-int-set": { i in defaults.set(i, forKey: "raw.count") },
    "raw-strings-get": { _ in consume(defaults.stringArray(forKey: "raw.names") ?? []) },
    "raw-record-get": { _ in consume(defaults.data(forKey: "raw.profile").flatMap { try? decoder.decode(Profile.self, from: $0) }) },
    // As the peers read a Codable value: a decoder made for each read.
    "raw-record-get-new-decoder": { _ in consume(defaults.data(forKey: "raw.profile").flatMap { try? JSONDecoder().decode(Profile.self, from: $0) }) },
    "raw-record-set": { i in defaults.set(try! encoder.encode(Profile(name: "Ada", age: i, score: 0.75, tags: ["math", "engines"])), forKey: "raw.profile") },
    "dictionary-int-get": { _ in lock.lock(); consume(dictionary["count"] as? Int ?? 0); lock.unlock() },
    "dictionary-int-set": { i in lock.lock(); dictionary["count"] = i; lock.unlock() },
    "dictionary-strings-get": { _ in lock.lock(); consume(dictionary["names"] as? [String] ?? []); lock.unlock() },
]
guard let body = operations[operation] else {
    print("unknown operation; one of: \(operations.keys.sorted().joined(separator: ", "))")
    exit(64)
}
for i in 0..<count { body(i) }
try? DefaultsStore.removeSuite(named: suiteName)
