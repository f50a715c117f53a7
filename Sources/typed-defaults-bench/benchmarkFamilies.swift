import Foundation
import TypedDefaults

extension DefaultsKeyFamilies {
    fileprivate static let benchCalendars = DefaultsKeyFamily<String, [String]>("bench.calendars_{widgetID}", default: [])
}

extension DefaultsKeys {
    fileprivate static let benchCalendarsOfOne = DefaultsKey<[String]>("bench.calendars_42", default: [])
    fileprivate static func benchCalendars(widgetID: String) -> DefaultsKey<[String]> { DefaultsKeyFamilies.benchCalendars.key(widgetID) }
}

/// 11. Key families: a member's key made on every read (as `Defaults[.calendars(widgetID: id)]` does) against a
/// static key of the same name, and listing the members of a suite of 1,000 members among 1,000 other values.
func benchmarkFamilies(repetitions: Int, iterations: Int) -> Bool {
    let suite = BenchSuite()
    defer { suite.remove() }
    let store = suite.store
    store[.benchCalendarsOfOne] = ["work"]
    let table = Table("11. Key families (ns per operation, median of \(repetitions) × \(iterations))",
                      columns: ["operation", "member key per read (kept by the family)", "static key", "ratio"])
    let id = "42"
    let read = compare(repetitions: repetitions, iterations: iterations, { consume(store[.benchCalendars(widgetID: id)]) },
                       { consume(store[.benchCalendarsOfOne]) })
    table.row("read", format(read.first), format(read.second), format(read.first / read.second, decimals: 2))
    let member = DefaultsKeys.benchCalendars(widgetID: id)
    let reused = compare(repetitions: repetitions, iterations: iterations, { consume(store[member]) }, { consume(store[.benchCalendarsOfOne]) })
    table.row("read, the member's key made once", format(reused.first), format(reused.second), format(reused.first / reused.second, decimals: 2))
    let make = nanosecondsPerCall(iterations: iterations) { consume(DefaultsKeys.benchCalendars(widgetID: id)) }
    table.row("make the key only", format(make), "", "")
    for index in 0..<1_000 {
        store[.benchCalendars(widgetID: "w\(index)")] = ["x"]
        suite.defaults.set(index, forKey: "bench.other\(index)")
    }
    let listing = medianMilliseconds(repetitions: repetitions) { consume(store.members(of: .benchCalendars)) }
    table.row("members(of:) among 2,000 stored values (µs per call)", format(listing * 1_000), "", "")
    return true
}
