import Foundation

/// Which suite already watches a key's name for changes made without a store, readable without a lock.
///
/// Every read over `UserDefaults` asks for its key's name to be watched (a SwiftUI body must hear of a widget's
/// write); remembering the first suite that watches it spares later reads through that suite the suite's lock and
/// hash. Suites are told apart by a serial number that is never reused (an object's address can be).
@usableFromInline
final class WatchMark: Sendable {
    private let serial = AtomicWord()

    init() {}

    @usableFromInline
    func isWatched(by suite: Suite) -> Bool {
        serial.load() == suite.serial
    }

    func record(_ suite: Suite) {
        serial.compareExchange(expected: 0, new: suite.serial)
    }
}
