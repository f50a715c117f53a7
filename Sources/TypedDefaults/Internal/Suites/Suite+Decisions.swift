import Foundation

extension Suite {
    /// Reads with `read`, then runs `body` with what it read in the write order: the way to decide a write from
    /// what is stored without calling Foundation in the write order (any call into `UserDefaults` may run other
    /// code, and wait for other threads). When a write to one of `suites` was committed between the read and the
    /// write order, Foundation may not hold what was read any more: it reads again. While `body` runs, writes to
    /// `suites` that do not hold the write order wait for it, so none comes between the read and `body`'s writes.
    /// In memory, and on a thread that already holds the write order (where no other write can come between), it
    /// reads in the write order.
    ///
    /// Only the stores of one ``Suite`` are ordered so: a `UserDefaults` object handed to a store without its
    /// suite's name is a suite of its own (``DefaultsStore/init(_:suiteName:)`` names it). `names` are the names
    /// `body` decides about.
    func inWriteOrder<Read, Result>(of suites: [Suite], names: [String], after read: () throws -> Read,
                                    _ body: (Read) throws -> Result) rethrows -> Result {
        if WriteOrder.isHeldByCurrentThread || !suites.contains(where: { $0.storage.readsCallFoundation }) {
            return try WriteOrder.withLock { _ in try body(read()) }
        }
        while true {
            let counts = suites.map(\.commitCount)
            let value = try read()
            var result: Result?
            try WriteOrder.withLock { _ in
                var begun: [FoundationSuite] = []
                defer { for foundation in begun { foundation.endDecision() } }
                for (suite, count) in zip(suites, counts) {
                    switch suite.storage {
                    case .userDefaults(let foundation):
                        guard foundation.beginDecision(ifCommitsAre: count) else { return }
                        begun.append(foundation)
                    case .memory:
                        guard suite.writeCount.load() == count else { return }
                    }
                }
                result = try body(value)
            }
            if let result { return result }
        }
    }

    /// Counts the writes committed to the suite (``inWriteOrder(of:names:after:_:)``).
    var commitCount: Int {
        if case .userDefaults(let foundation) = storage { return foundation.commits.load() }
        return writeCount.load()
    }
}
