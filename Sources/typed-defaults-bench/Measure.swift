import Foundation

/// Keeps a value alive so the optimizer cannot remove the work that produced it.
@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Nanoseconds per call of `body`, over `iterations` calls.
func nanosecondsPerCall(iterations: Int, _ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<iterations { body() }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations)
}

/// The median of `values`.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Two operations measured in alternating repetitions of one run (so drift affects both alike): the median
/// nanoseconds per call of each.
func compare(repetitions: Int, iterations: Int, _ first: () -> Void, _ second: () -> Void) -> (first: Double, second: Double) {
    _ = nanosecondsPerCall(iterations: iterations / 10 + 1, first)  // warm up
    _ = nanosecondsPerCall(iterations: iterations / 10 + 1, second)
    var firstTimes: [Double] = [], secondTimes: [Double] = []
    for repetition in 0..<repetitions {
        // Alternate which goes first, so neither always runs on a warmer cache.
        if repetition.isMultiple(of: 2) {
            firstTimes.append(nanosecondsPerCall(iterations: iterations, first))
            secondTimes.append(nanosecondsPerCall(iterations: iterations, second))
        } else {
            secondTimes.append(nanosecondsPerCall(iterations: iterations, second))
            firstTimes.append(nanosecondsPerCall(iterations: iterations, first))
        }
    }
    return (median(firstTimes), median(secondTimes))
}

/// Median wall time in milliseconds of `repetitions` runs of `body`.
func medianMilliseconds(repetitions: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<repetitions {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    }
    return median(times)
}

/// A Markdown table printed as it is built.
struct Table {
    let columns: [String]

    init(_ title: String, columns: [String]) {
        self.columns = columns
        print("\n### \(title)\n")
        print("| " + columns.joined(separator: " | ") + " |")
        print("|" + columns.map { _ in "---" }.joined(separator: "|") + "|")
    }

    func row(_ cells: String...) {
        print("| " + cells.joined(separator: " | ") + " |")
        fflush(nil)
    }
}

func format(_ value: Double, decimals: Int = 0) -> String { String(format: "%.\(decimals)f", value) }

/// "PASS"/"MISS" against a target, for the tables.
func verdict(_ passed: Bool) -> String { passed ? "meets" : "**misses**" }
