import Foundation
import TypedDefaults

/// A `UserDefaults` that posts `didChangeNotification` from inside each write, as Apple's Foundation does
/// (Linux Foundation never posts it): the code path every `UserDefaults` write of an app takes on Apple platforms.
private final class Posting: UserDefaults {
    override func set(_ value: Any?, forKey defaultName: String) {
        super.set(value, forKey: defaultName)
        NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: self)
    }
}

/// 10. What names key paths cannot hold (`.`, `@`) cost other writes: one suite watches 100 such names (a store
/// read each, so each is watched by notification); writes go through another store's suite, through the watched
/// one, and through a `UserDefaults` object no store uses. Each beside the same write through a suite object that
/// posts nothing, in alternating repetitions.
func benchmarkDottedNames(repetitions: Int, iterations: Int) -> Bool {
    let run = UUID().uuidString.prefix(8)
    let watchedName = "bench.dotted.watched.\(run)", otherName = "bench.dotted.other.\(run)"
    defer {
        try? DefaultsStore.removeSuite(named: watchedName)
        try? DefaultsStore.removeSuite(named: otherName)
    }
    let watched = DefaultsStore(Posting(suiteName: watchedName)!)
    for index in 0..<100 { consume(watched[DefaultsKey<Int>("app.setting\(index)", default: 0)]) }
    let other = DefaultsStore(Posting(suiteName: otherName)!)
    let quiet = DefaultsStore(UserDefaults(suiteName: otherName)!)
    let foreign = Posting(suiteName: otherName)!
    let plainForeign = UserDefaults(suiteName: otherName)!
    let key = DefaultsKey<Int>("count", default: 0)
    let dotted = DefaultsKey<Int>("app.setting0", default: 0)
    var value = 0
    let table = Table("10. Dotted names: what 100 watched names cost a write (ns per write, median of \(repetitions) × \(iterations))",
                      columns: ["write through", "posting", "not posting", "difference", "comparisons"])
    func row(_ name: String, _ posting: () -> Void, _ quiet: () -> Void, comparisons: String) {
        let times = compare(repetitions: repetitions, iterations: iterations, posting, quiet)
        table.row(name, format(times.first), format(times.second), format(times.first - times.second), comparisons)
    }
    row("a store of another suite", { value += 1; other[key] = value }, { value += 1; quiet[key] = value },
        comparisons: "none: that suite watches no dotted name")
    row("the watching suite's store", { value += 1; watched[dotted] = value }, { value += 1; quiet[key] = value },
        comparisons: "its 100 names, once")
    row("an object no store uses", { value += 1; foreign.set(value, forKey: "count") }, { value += 1; plainForeign.set(value, forKey: "count") },
        comparisons: "every watching suite, once per burst, on a queue")
    return true
}
