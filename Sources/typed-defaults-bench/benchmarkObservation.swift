import Foundation
import Observation
import TypedDefaults

/// 7. What observation costs: a tracked read, and a write with 0 or 100 trackers (in-memory store, so the
/// figures are the observation machinery's own, not UserDefaults').
func benchmarkObservation(repetitions: Int, iterations: Int) -> Bool {
    let store = DefaultsStore.inMemory()
    let key = DefaultsKey<Int>("observed", default: 0)
    let others = (0..<100).map { DefaultsKey<Int>("other.\($0)", default: 0) }
    store[key] = 1
    let table = Table("7. Observation (ns per operation, in-memory store, median of \(repetitions))", columns: ["operation", "ns", "note"])

    let reads = compare(repetitions: repetitions, iterations: iterations, {
        withObservationTracking { consume(store[key]) } onChange: {}
    }, {
        withObservationTracking { consume(0) } onChange: {}
    })
    table.row("read inside withObservationTracking", format(reads.first), "a scope with one tracked read")
    table.row("empty withObservationTracking scope", format(reads.second), "the framework's own cost")
    table.row("tracked read, net", format(reads.first - reads.second), "what tracking adds to a read")
    let untracked = compare(repetitions: repetitions, iterations: iterations, { consume(store[key]) }, { consume(store[key]) })
    table.row("untracked read", format(untracked.first), "no tracking scope: the usual path")

    let writeAlone = compare(repetitions: repetitions, iterations: iterations, { store[key] = 2 }, { store[key] = 3 })
    table.row("write, 0 trackers", format(writeAlone.first), "")

    // 100 live trackers of other keys: the write must not pay for them.
    for other in others { withObservationTracking { consume(store[other]) } onChange: {} }
    let writeBeside = compare(repetitions: repetitions, iterations: iterations, { store[key] = 2 }, { store[key] = 3 })
    table.row("write, 100 trackers of other keys", format(writeBeside.first), "")

    // A write that invalidates 100 trackers of its key: trackers are installed untimed before each write.
    var invalidating: [Double] = []
    for _ in 0..<repetitions {
        var total: UInt64 = 0
        let rounds = max(iterations / 100, 10)
        for round in 0..<rounds {
            for _ in 0..<100 { withObservationTracking { consume(store[key]) } onChange: {} }
            let start = DispatchTime.now().uptimeNanoseconds
            store[key] = round
            total += DispatchTime.now().uptimeNanoseconds - start
        }
        invalidating.append(Double(total) / Double(rounds))
    }
    table.row("write, 100 trackers of this key", format(median(invalidating)), "each tracker's onChange runs once")
    return true
}
