import Foundation

/// The process's writes to `UserDefaults` suites, in the write order, handed to Foundation by one thread at a
/// time, holding no lock of ours (why: ``FoundationSuite``).
///
/// One queue for every suite, not one per suite: two `UserDefaults` objects may be one suite (a store made from
/// `UserDefaults(suiteName:)` and one made by name), and the last write must win in Foundation too, whichever
/// object it went through. Two queues on Linux, in fact: one for Foundation's own class (``plain``), whose calls
/// never wait for anything, and one for objects that may call back (``callingBack``: subclasses, which tests use to
/// play Apple's part), so that a subclass's call waiting for a queue never holds up writes to Foundation's own
/// objects. On Apple platforms every object may call back: one queue. (On Linux, a subclass object and an object
/// of Foundation's own class over one suite keep their writes' order each, not between them.)
///
/// **Who waits for whom.** A thread that queued a write hands the queue over itself, unless another thread is
/// doing it; then it waits for its write to be handed over, so that it is in `UserDefaults` when the store's `set`
/// returns (code that reads or writes `UserDefaults` directly next sees it, and comes after it). It waits as long
/// as that thread calls Linux Foundation's own class, which calls nothing back (so it cannot wait for anyone), but
/// at most ``patience`` while that thread is inside a call that may call back (every call on Apple platforms, a
/// subclass on Linux): there it may be waiting for a queue that waits for this thread (an observer of
/// `didChangeNotification` registered with a queue). The write then reaches Foundation right after that call.
final class FoundationWriteQueue: Sendable {
    /// The queue of Foundation's own class on Linux, whose calls call nothing back.
    static let plain = FoundationWriteQueue()
    /// The queue of objects that may call back: every object on Apple platforms, subclasses on Linux.
    static let callingBack = FoundationWriteQueue()
    /// Both, for what concerns every write (a flush).
    static let all = [plain, callingBack]

    struct Entry {
        let suite: FoundationSuite
        let name: String
        let object: Any?
        let serial: UInt64
    }

    private struct State {
        var entries: [Entry] = []
        /// An emptied buffer of entries kept for the next batch: a write then queues without allocating.
        var spare: [Entry] = []
        var nextSerial: UInt64 = 0
        /// Every write up to this serial was handed over (or superseded by a later one).
        var handedOver: UInt64 = 0
        /// Whether a thread is handing writes over: the only one that does.
        var applying = false
        /// Whether that thread is inside a call that may call back: nobody waits for it long then.
        var applierMayCallBack = false
    }

    private let state = WaitableState(State())

    /// How long a write waits for its turn while the thread handing writes over is inside a call that may call
    /// back: far longer than a `set` takes, far shorter than a hitch anyone sees.
    static let patience: TimeInterval = 0.02

    /// Queues a write; `record` runs under the queue's lock with the write's serial, so the suite's view of its
    /// queued writes is never behind the queue. Returns the serial.
    func enqueue(_ suite: FoundationSuite, name: String, object: Any?, record: (UInt64) -> Void) -> UInt64 {
        state.withLock { state in
            state.nextSerial += 1
            state.entries.append(Entry(suite: suite, name: name, object: object, serial: state.nextSerial))
            record(state.nextSerial)
            return state.nextSerial
        }
    }

    /// Waits until every write queued so far reached Foundation, whatever the thread handing them over calls: for
    /// tests whose `UserDefaults` subclasses call back without waiting for anyone.
    static func waitUntilEverythingIsHandedOver() {
        for queue in all {
            let serial = queue.newestSerial
            while true {
                queue.handOver(waitingFor: serial)
                if queue.state.withLock({ $0.handedOver >= serial }) { break }
                Thread.sleep(forTimeInterval: 0.001)
            }
        }
    }

    /// The serial of the newest write queued so far.
    var newestSerial: UInt64 {
        state.withLock { $0.nextSerial }
    }

    /// Hands the queued writes over, unless another thread is doing it; then waits until the writes up to
    /// `serial` are handed over, for as long as that thread calls nothing that may call back (``FoundationWriteQueue``).
    func handOver(waitingFor serial: UInt64?) {
        // Made on first use: a thread that need not wait never reads the clock.
        var madeDeadline: Date?
        var deadline: Date {
            if let madeDeadline { return madeDeadline }
            let made = Date().addingTimeInterval(Self.patience)
            madeDeadline = made
            return made
        }
        while true {
            let batch = state.withLock(waitingUntil: { state, pastDeadline in
                // Free to hand over, done, or not worth waiting for.
                !state.applying || serial.map { state.handedOver >= $0 } ?? true || (state.applierMayCallBack && pastDeadline)
            }, deadline: deadline) { state -> (batch: [Entry], through: UInt64)? in
                guard !state.applying, !state.entries.isEmpty else { return nil }
                state.applying = true
                var taken = state.spare
                state.spare = []
                swap(&taken, &state.entries)
                // A write superseded by a later one of the same name (through the same object) is skipped, and so is
                // one whose suite forgot it (removed meanwhile): every entry is checked, a batch of one too.
                taken.removeAll { !$0.suite.isNewestQueued($0) }
                return (taken, state.nextSerial)
            }
            guard var batch else { return }
            run(&batch.batch, through: batch.through)
        }
    }

    /// Hands `batch` to Foundation, then tells who must be told; the queue is free again before anyone is told.
    private func run(_ batch: inout [Entry], through serial: UInt64) {
        var reports: [AliasSnapshot] = []
        var index = batch.startIndex
        while index < batch.endIndex {
            // Runs of one suite's writes: one alias snapshot each.
            let suite = batch[index].suite
            var end = index
            while end < batch.endIndex, batch[end].suite === suite { end += 1 }
            let run = batch[index..<end]
            if suite.callsBack { state.withLock(wake: true) { $0.applierMayCallBack = true } }
            let owner = suite.owner
            let aliases = owner.flatMap { SuiteRegistry.shared.snapshotAliases(of: $0, names: { run.map(\.name) }) }
            for entry in run { suite.hand(entry, markedBy: owner?.externalChangeObservation) }
            if let aliases { reports.append(aliases) }
            PendingWrites.shared.markDirty(suite)
            if suite.callsBack { state.withLock(wake: true) { $0.applierMayCallBack = false } }
            index = end
        }
        // Before the queue is free: a thread that then reads the suite finds Foundation's value, not a stale one.
        for entry in batch { entry.suite.didHand(entry) }
        // Other objects over the same suites are told before the writes count as handed over, so a writer that
        // waited for its write finds them told; telling runs their observers, which may wait for that writer, so it
        // counts as a call that may call back (a writer waits for it a moment at most).
        if !reports.isEmpty {
            state.withLock(wake: true) { $0.applierMayCallBack = true }
            for report in reports { report.reportChanges() }
        }
        batch.removeAll(keepingCapacity: true)
        state.withLock(wake: true) { state in
            state.applying = false
            state.applierMayCallBack = false
            state.handedOver = max(state.handedOver, serial)
            if state.spare.capacity < batch.capacity { swap(&state.spare, &batch) }
        }
    }
}
