// typed-defaults-bench: the store against raw UserDefaults and the TSUD technique, the generator and the
// compiler. Run with `swift run -c release typed-defaults-bench [--quick]`; results go in BENCHMARKS.md.
import Foundation

let quick = CommandLine.arguments.contains("--quick")
if let index = CommandLine.arguments.firstIndex(of: "--only-compile") {
    _ = index
    _ = try benchmarkCompileTime(repetitions: 1)
    exit(0)
}
let repetitions = quick ? 3 : 9
let iterations = quick ? 5_000 : 50_000

print("## TypedDefaults benchmarks\n")
print("- \(ProcessInfo.processInfo.operatingSystemVersionString), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB")
#if DEBUG
print("- **debug build: figures are not representative; use `swift run -c release typed-defaults-bench`**")
#endif

var results: [(String, Bool)] = []
results.append(("store vs raw", benchmarkStoreAgainstRaw(repetitions: repetitions, iterations: iterations)))
results.append(("Codable vs TSUD", benchmarkCodableAgainstTSUD(repetitions: repetitions, iterations: iterations / 10)))
results.append(("in-memory store", benchmarkInMemory(repetitions: repetitions, iterations: iterations * 4)))
results.append(("durability", benchmarkDurability(repetitions: repetitions, writes: 10_000, synchronizedWrites: quick ? 100 : 500)))
results.append(("generator", try benchmarkGenerator(repetitions: quick ? 3 : 7)))
results.append(("compile time", try benchmarkCompileTime(repetitions: quick ? 3 : 5)))

print("\n### Targets\n")
for (name, met) in results { print("- \(name): \(met ? "met" : "MISSED")") }
