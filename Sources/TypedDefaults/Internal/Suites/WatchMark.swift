import Foundation

/// Which suite already watches a key's name for changes made without a store, readable without a lock.
///
/// Every read of a store over `UserDefaults` asks that the key's name be watched (a SwiftUI body that reads it
/// must hear of a widget's write). Asking the suite each time costs a lock and a hash; the key remembers the
/// first suite that watches it instead, so later reads through that suite cost one atomic load. Reads through
/// another suite still ask it. Suites are told apart by a serial number that is never reused (an object's
/// address can be, once a suite over a `UserDefaults` object is gone).
@usableFromInline
final class WatchMark: Sendable {
    private let serial = AtomicWord()

    init() {}

    /// Whether `suite` is the suite recorded as watching the key's name.
    @usableFromInline
    func isWatched(by suite: Suite) -> Bool {
        serial.load() == suite.serial
    }

    /// Records `suite` as watching the key's name, unless another suite already is.
    func record(_ suite: Suite) {
        serial.compareExchange(expected: 0, new: suite.serial)
    }
}
