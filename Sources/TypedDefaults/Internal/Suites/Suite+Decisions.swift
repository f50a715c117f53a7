import Foundation

extension Suite {
    /// Reads with `read`, then runs `body` with what it read in the write order: decides a write from what is stored
    /// without calling Foundation in the write order (a `UserDefaults` call may run other code and wait for other
    /// threads). A write to one of `suites` committed between the read and the write order makes it read again;
    /// while `body` runs, writes to `suites` wait for it. In memory, or on a thread already holding the write order
    /// (no other write can come between), it reads in the write order.
    ///
    /// Only the stores of one ``Suite`` are ordered so: a `UserDefaults` object handed to a store without its
    /// suite's name is a suite of its own. `names` are the names `body` decides about.
    ///
    /// `reads` bounds how often it reads: the last read is used whatever was written since, for a `body` that
    /// writes what it is given whatever was stored (an import, whose read only says what to put back on Undo) and
    /// must finish while other threads never stop writing.
    package func inWriteOrder<Read, Result>(of suites: [Suite], names: [String], reads: Int = .max, after read: () throws -> Read,
                                    _ body: (Read) throws -> Result) rethrows -> Result {
        if WriteOrder.isHeldByCurrentThread || !suites.contains(where: { $0.storage.readsCallFoundation }) {
            return try WriteOrder.withLock { _ in try body(read()) }
        }
        var readCount = 0
        while true {
            readCount += 1
            let isLastRead = readCount >= reads
            let counts = suites.map(\.commitCount)
            let value = try read()
            var result: Result?
            try WriteOrder.withLock { _ in
                var begun: [FoundationSuite] = []
                defer { for foundation in begun { foundation.endDecision() } }
                for (suite, count) in zip(suites, counts) {
                    switch suite.storage {
                    case .userDefaults(let foundation):
                        // The last read goes ahead whatever was committed since: plain writes commit without the
                        // write order, so a count read here could be stale by the time the ledger is taken.
                        guard foundation.beginDecision(ifCommitsAre: isLastRead ? nil : count) else { return }
                        begun.append(foundation)
                    case .memory(let memory):
                        guard isLastRead || memory.writeCount == count else { return }
                    }
                }
                result = try body(value)
            }
            if let result { return result }
        }
    }

    var commitCount: Int {
        switch storage {
        case .userDefaults(let foundation): return foundation.commits.load()
        case .memory(let memory): return memory.writeCount
        }
    }
}
