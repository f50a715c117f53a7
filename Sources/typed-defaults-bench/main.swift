// typed-defaults-bench: the store against raw UserDefaults and the TSUD technique, the generator and the
// compiler. Run with `swift run -c release typed-defaults-bench [--quick] [--only SECTION]`; results go in
// BENCHMARKS.md. `--write-schema KEYS PATH` writes the generator section's synthetic schema of KEYS keys to PATH
// and exits, for timing `typed-defaults-gen` by itself. Sections: store, codable, memory, observation, durability, sharing, generator, compile, sync,
// dotted, families, exports.
import Foundation

let arguments = CommandLine.arguments
if let index = arguments.firstIndex(of: "--write-schema"), index + 2 < arguments.count, let keys = Int(arguments[index + 1]) {
    try SyntheticSchema(keyCount: keys, newFeatures: false).json.write(toFile: arguments[index + 2], atomically: true, encoding: .utf8)
    exit(0)
}
let quick = arguments.contains("--quick")
let only = arguments.firstIndex(of: "--only").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
let repetitions = quick ? 3 : 9
let iterations = quick ? 5_000 : 50_000

print("## TypedDefaults benchmarks\n")
print("- \(ProcessInfo.processInfo.operatingSystemVersionString), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB")
#if DEBUG
print("- **debug build: figures are not representative; use `swift run -c release typed-defaults-bench`**")
#endif

let sections: [(name: String, title: String, run: () throws -> Bool)] = [
    ("store", "store vs raw", { benchmarkStoreAgainstRaw(repetitions: repetitions, iterations: iterations) }),
    ("codable", "Codable vs TSUD", { benchmarkCodableAgainstTSUD(repetitions: repetitions, iterations: iterations / 10) }),
    ("memory", "in-memory store", { benchmarkInMemory(repetitions: repetitions, iterations: iterations * 4) }),
    ("observation", "observation", { benchmarkObservation(repetitions: repetitions, iterations: iterations) }),
    ("durability", "durability", { benchmarkDurability(repetitions: repetitions, writes: 10_000, synchronizedWrites: quick ? 100 : 500) }),
    ("sharing", "several processes", { benchmarkSharing(repetitions: quick ? 3 : 9) }),
    ("generator", "generator", { try benchmarkGenerator(repetitions: quick ? 3 : 7) }),
    ("compile", "compile time", { try benchmarkCompileTime(repetitions: quick ? 3 : 5) }),
    ("sync", "iCloud sync", { benchmarkSync(repetitions: repetitions, iterations: iterations) }),
    ("dotted", "dotted names", { benchmarkDottedNames(repetitions: repetitions, iterations: iterations / 10) }),
    ("families", "key families", { benchmarkFamilies(repetitions: repetitions, iterations: iterations) }),
    ("exports", "settings export and import", { benchmarkExports(repetitions: repetitions) }),
]
if let only, !sections.contains(where: { $0.name == only }) {
    FileHandle.standardError.write(Data("unknown section '\(only)'; sections: \(sections.map(\.name).joined(separator: ", "))\n".utf8))
    exit(64)
}
var results: [(String, Bool)] = []
for section in sections where only == nil || section.name == only {
    results.append((section.title, try section.run()))
}
print("\n### Targets\n")
for (name, met) in results { print("- \(name): \(met ? "met" : "MISSED")") }
