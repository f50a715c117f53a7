import Foundation
import TypedDefaults

/// 12. Settings export and import of 1,000 set keys (an `Int`, a `String`, a `[String]` and a `Double` each 250
/// times) in a `UserDefaults` suite, against doing the same by hand: the suite's `persistentDomain` through
/// `JSONSerialization`, and back with a `set(_:forKey:)` per value, nothing checked.
func benchmarkExports(repetitions: Int) -> Bool {
    let suite = BenchSuite()
    defer { suite.remove() }
    var keys: [DefaultsKeys] = []
    for index in 0..<250 {
        let count = DefaultsKey<Int>("bench.export.count\(index)", default: 0)
        let name = DefaultsKey<String>("bench.export.name\(index)", default: "")
        let tags = DefaultsKey<[String]>("bench.export.tags\(index)", default: [])
        let ratio = DefaultsKey<Double>("bench.export.ratio\(index)", default: 0)
        suite.store[count] = index
        suite.store[name] = "name \(index)"
        suite.store[tags] = ["a", "b\(index)"]
        suite.store[ratio] = Double(index) / 7
        keys += [count, name, tags, ratio]
    }
    let table = Table("12. Settings export and import of 1,000 set keys (ms, median of \(repetitions))",
                      columns: ["operation", "store", "by hand", "ratio"])
    var file = Data()
    let export = medianMilliseconds(repetitions: repetitions) { file = suite.store.exportSettings(keys).data(as: .json) }
    var handFile = Data()
    let handExport = medianMilliseconds(repetitions: repetitions) {
        handFile = (try? JSONSerialization.data(withJSONObject: suite.defaults.persistentDomain(forName: suite.name) ?? [:], options: [.sortedKeys])) ?? Data()
    }
    table.row("export to JSON", format(export, decimals: 2), format(handExport, decimals: 2), format(export / handExport, decimals: 2))
    let target = BenchSuite()
    defer { target.remove() }
    let importing = medianMilliseconds(repetitions: repetitions) { _ = try? target.store.importSettings(from: file, keys: keys) }
    let handImport = medianMilliseconds(repetitions: repetitions) {
        let domain = (try? JSONSerialization.jsonObject(with: handFile)) as? [String: Any] ?? [:]
        for (name, value) in domain { target.defaults.set(value, forKey: name) }
    }
    table.row("import from JSON", format(importing, decimals: 2), format(handImport, decimals: 2), format(importing / handImport, decimals: 2))
    print("\nThe file: \(file.count) bytes (by hand: \(handFile.count)).")
    return export / handExport <= 2 && importing / handImport <= 2
}
