import Foundation

/// A `UserDefaults` suite as the stores use it: the object, and the writes of ours whose call into it has not
/// returned yet.
///
/// **A write is committed, called, then retired.** Committing records `(serial, object)` for the name under one
/// short lock (the ledger); the call into `UserDefaults` follows holding no lock of ours, on the writing thread
/// (on Apple platforms `set` runs key-value observers and `didChangeNotification` observers inside the call, and
/// an observer registered with a queue makes it wait for that queue: holding a lock there froze apps); retiring
/// takes the ledger again. Nothing waits for another thread's call, so no deadline is needed anywhere:
/// - a store's `set` returns once its own call returned: raw code that follows on the thread comes after it;
/// - while a name has a call of ours in flight, reads return its newest committed object, so every thread reads
///   the newest write at once, whichever call lands first;
/// - the last write wins for good: calls of one name that overlapped may land out of order, so the last of them
///   to return checks what Foundation holds, and puts the newest back where it finds an older object of ours;
///   never once a write of the name that is not ours was seen after the newest call of ours returned (that write
///   began after a store write returned: it is newer than every store write, and must stay), nor once a newer
///   write of ours was committed (its own call brings it);
/// - a write that finds a newer one committed before its call skips the call (the newer call brings the value).
///
/// Calls into the object go through ``call(_:)``: swift-corelibs-foundation's own class calls back nothing and is
/// not thread-safe, so its calls take the process-wide Foundation lock (a leaf: nothing is called inside it), and
/// a write checks that it is still the newest under that lock, so its calls land in commit order and need no
/// repair (a plain write of a name not in flight is committed and called in one turn of it:
/// ``writeNow(_:forKey:on:alsoUnderLock:)``); any other object (every object on Apple platforms, a subclass on
/// Linux) may call back, and is called holding no lock.
@usableFromInline
package final class FoundationSuite: @unchecked Sendable {
    let defaults: UserDefaults
    /// Whether calls into ``defaults`` may run other code (and must not be made holding a lock of ours).
    let callsBack: Bool
    /// Who is told of a call into Foundation (own-write marks, other objects over the same suite); set once,
    /// by the suite that owns this storage.
    weak var owner: Suite?

    /// Nonzero while the suite is listed for the next save (``PendingWrites``, Linux).
    let isListedDirty = AtomicWord()

    /// The values reads decoded last, each with the object it was decoded from (``DecodedValue``).
    let decodedValues = DecodedValueTable()
    /// Which changes Foundation reports for this suite are news (``ExternalChangeObservation``).
    let changeFilter = ExternalChangeFilter()

    init(_ defaults: UserDefaults) {
        self.defaults = defaults
        #if canImport(ObjectiveC)
        callsBack = true
        #else
        callsBack = type(of: defaults) != UserDefaults.self
        #endif
    }

    @inline(__always)
    func call<Result>(_ body: (UserDefaults) throws -> Result) rethrows -> Result {
        if callsBack {
            return try WriteOrder.callingOut { try body(defaults) }
        }
        return try withFoundationLock { try body(defaults) }
    }

    // MARK: The ledger

    /// A committed write: what its call brings to Foundation, and how the ledger knows it again.
    struct Ticket {
        let name: String
        let object: Any?
        let serial: UInt64
        /// Whether another write of the name was in flight when it was committed: it checks that it is still the
        /// newest before its call.
        let overlapping: Bool
    }

    private struct InFlight {
        /// The newest committed object (`nil`: a removal) and its serial.
        var object: Any?
        var serial: UInt64
        /// Calls of ours into Foundation for the name not returned yet, a check of the outcome included.
        var calls: Int
        /// Whether calls of the name overlapped: then they may have landed out of order.
        var overlapped: Bool
        /// What the calls that were not the newest when they returned may have left in Foundation.
        var olderObjects: [Any?]
        /// Whether the call of the newest write returned: a write of the name seen from then on is not ours, and
        /// began after a store write returned.
        var newestReturned = false
        /// Whether such a write was seen: what Foundation holds then is newer than every write of ours.
        var otherWriteSinceNewestReturned = false
    }

    private struct Ledger {
        var names = InFlightTable<InFlight>()
        var lastSerial: UInt64 = 0
        /// Decisions in progress (``Suite/inWriteOrder(of:names:reads:after:_:)``): a write committed meanwhile would
        /// come between a decision's read and its write, so writes then commit in the write order.
        var decisions = 0
    }

    private let ledger = LockedState(Ledger())
    /// How many names have calls in flight: reads skip the ledger while it is 0 (almost always).
    private let inFlightNames = AtomicWord()
    /// Counts commits: a read made when it was `n`, checked under the ledger while it still is `n`, saw every
    /// write of ours (``Suite/inWriteOrder(of:names:reads:after:_:)``).
    let commits = AtomicWord()
    /// The serial of the latest commit, of any name.
    private let latestSerial = AtomicWord()

    /// Commits a write of `object` (`nil`: a removal) under `name`; `nil` when a decision is in progress and the
    /// caller does not hold the write order (it then commits again holding it).
    @inline(__always)
    func commit(_ object: Any?, forKey name: String, holdingWriteOrder: Bool, alsoUnderLock: () -> Void) -> Ticket? {
        ledger.withLock { ledger -> Ticket? in
            guard holdingWriteOrder || ledger.decisions == 0 else { return nil }
            ledger.lastSerial += 1
            let serial = ledger.lastSerial
            let overlapping: Bool
            if let index = ledger.names.index(of: name) {
                ledger.names.modify(at: index) { entry in
                    entry.object = object
                    entry.serial = serial
                    entry.calls += 1
                    entry.overlapped = true
                    entry.newestReturned = false
                    entry.otherWriteSinceNewestReturned = false
                }
                overlapping = true
            } else {
                ledger.names.append(name, InFlight(object: object, serial: serial, calls: 1, overlapped: false, olderObjects: []))
                inFlightNames.store(ledger.names.count)
                overlapping = false
            }
            commits.store(commits.load() + 1)
            latestSerial.store(Int(serial))
            alsoUnderLock()
            return Ticket(name: name, object: object, serial: serial, overlapping: overlapping)
        }
    }

    /// A store's plain write, made at once by a thread outside the write order: committed, called, retired (hops
    /// ``commit(_:forKey:holdingWriteOrder:alsoUnderLock:)`` and ``apply(_:on:)``). `false` when a decision is in
    /// progress: the caller writes in the write order instead.
    ///
    /// Linux's own class, while no write of the name is in flight, is committed and called in one turn of the
    /// Foundation lock: a read takes that lock too, so it sees the write wholly before or after, exactly as from
    /// its commit, and the write is never in flight (no ledger entry, nothing to retire or repair). The ledger is
    /// still taken, inside that lock as everywhere, for decisions and `updates` observers.
    func writeNow(_ object: Any?, forKey name: String, on thread: WriteOrder.Pending, alsoUnderLock: () -> Void) -> Bool {
        if !callsBack {
            enum Turn { case written, decisionInProgress, nameInFlight }
            let aliases = aliasesBeforeCall(of: name)
            let turn = withFoundationLock { () -> Turn in
                let turn = ledger.withLock { ledger -> Turn in
                    guard ledger.decisions == 0 else { return .decisionInProgress }
                    guard ledger.names.index(of: name) == nil else { return .nameInFlight }
                    commits.store(commits.load() + 1)
                    alsoUnderLock()
                    return .written
                }
                if case .written = turn { write(object, forKey: name) }
                return turn
            }
            switch turn {
            case .written:
                afterCall(object, forKey: name)
                aliases?.reportChanges()
                return true
            case .decisionInProgress:
                return false
            case .nameInFlight:
                // A write of the name committed in the write order and not called yet: this one overlaps it.
                break
            }
        }
        guard let ticket = commit(object, forKey: name, holdingWriteOrder: false, alsoUnderLock: alsoUnderLock) else { return false }
        apply(ticket, on: thread)
        return true
    }

    /// Makes the call a committed write asked for, then retires it; holding no lock of ours. `thread` is the
    /// calling thread's ``WriteOrder/Pending``, which the caller has at hand.
    func apply(_ ticket: Ticket, on thread: WriteOrder.Pending) {
        guard callsBack else {
            // Checked and called in one turn, so calls land in commit order (the ledger is taken inside the
            // Foundation lock, never the other way round).
            callHoldingFoundationLock(ticket.object, forKey: ticket.name, if: { isNewest(ticket) })
            // A removal of the suite turned this write into one while it was in flight: the check removes it again.
            if let check = retire(ticket) { finish(check) }
            return
        }
        if ticket.overlapping {
            // A newer write was committed before this call: its own call brings the newest value.
            guard isNewest(ticket) else {
                if let check = retire(ticket) { finish(check) }
                return
            }
            // Overlaps are where other code's writes must be seen, to be kept (``noteWriteNotOurs(_:)``).
            owner?.externalChangeObservation?.watch(ticket.name)
        }
        call(ticket.object, forKey: ticket.name, on: thread)
        if let check = retire(ticket) { finish(check) }
    }

    /// Whether no write of the name was committed after `ticket`; without the ledger while none of any name was.
    private func isNewest(_ ticket: Ticket) -> Bool {
        latestSerial.load() == Int(ticket.serial) || ledger.withLock { $0.names[ticket.name]?.serial == ticket.serial }
    }

    /// A write of `name` that is not ours reached Foundation (another object, raw code, another process); reported
    /// by Foundation's callbacks, on the writing thread for this process's writes.
    func noteWriteNotOurs(_ name: String) {
        guard inFlightNames.load() > 0 else { return }
        ledger.withLock { ledger in
            guard let index = ledger.names.index(of: name) else { return }
            ledger.names.modify(at: index) { entry in
                if entry.newestReturned { entry.otherWriteSinceNewestReturned = true }
            }
        }
    }

    /// What the last call of an overlap to return must check: that Foundation holds `newest`, not an older object.
    struct Check {
        let name: String
        let newest: Any?
        let serial: UInt64
        let olderObjects: [Any?]
    }

    /// The last call of an overlap to return stays in flight as the check.
    func retire(_ ticket: Ticket) -> Check? {
        ledger.withLock { ledger in
            guard let index = ledger.names.index(of: ticket.name) else { return nil }
            ledger.names.modify(at: index) { entry in
                entry.calls -= 1
                if entry.serial == ticket.serial {
                    entry.newestReturned = true
                } else if callsBack {
                    entry.olderObjects.append(ticket.object)
                }
            }
            return settle(at: index, name: ticket.name, in: &ledger)
        }
    }

    /// After a call or a check of `entry` returned: forgets the name when nothing of ours is in flight and
    /// Foundation is known to hold the newest; else, for the last call out after an overlap, the check to make.
    private func settle(at index: Int, name: String, in ledger: inout Ledger) -> Check? {
        enum Outcome { case inFlight, forgotten, check(Check) }
        let outcome = ledger.names.modify(at: index) { entry -> Outcome in
            if entry.calls > 0 { return .inFlight }
            guard entry.overlapped, !entry.olderObjects.isEmpty else { return .forgotten }
            entry.calls = 1
            let check = Check(name: name, newest: entry.object, serial: entry.serial, olderObjects: entry.olderObjects)
            entry.overlapped = false
            entry.olderObjects = []
            return .check(check)
        }
        switch outcome {
        case .inFlight:
            return nil
        case .forgotten:
            ledger.names.remove(at: index)
            inFlightNames.store(ledger.names.count)
            return nil
        case .check(let check):
            return check
        }
    }

    /// Checks, until nothing of ours is in flight, that Foundation holds the newest write; puts it back where it
    /// finds an older object of ours, never over a write that other code made after the newest call returned, and
    /// never once a newer write of ours was committed (its call brings it). Asked again right before the put-back,
    /// so a write made while Foundation was read is kept too.
    func finish(_ check: Check) {
        var next: Check? = check
        while let current = next {
            let found = call { $0.object(forKey: current.name) }
            var putBack = false
            if !storedObjectsEqual(found, current.newest), current.olderObjects.contains(where: { storedObjectsEqual(found, $0) }),
               ledger.withLock({ $0.names[current.name].map { $0.serial == current.serial && !$0.otherWriteSinceNewestReturned } ?? false }) {
                put(current.newest, forKey: current.name)
                putBack = true
            }
            next = ledger.withLock { ledger -> Check? in
                guard let index = ledger.names.index(of: current.name) else { return nil }
                ledger.names.modify(at: index) { entry in
                    entry.calls -= 1
                    if entry.serial != current.serial {
                        // What this check found or put back may still be in Foundation under a newer write's call.
                        entry.olderObjects.append(current.newest)
                        entry.olderObjects.append(contentsOf: current.olderObjects)
                        entry.overlapped = true
                    } else if putBack {
                        entry.olderObjects.append(current.newest)
                    }
                }
                return settle(at: index, name: current.name, in: &ledger)
            }
        }
    }

    /// One call into Foundation for a store, on `thread`, holding no lock of ours: the callbacks it causes for
    /// `name` on this thread are the store's own write (already told), not a change from outside
    /// (``isOwnCall(of:)``); callbacks of other names are queued until it is done (``WriteOrder/Pending``).
    func call(_ object: Any?, forKey name: String, on thread: WriteOrder.Pending) {
        let aliases = aliasesBeforeCall(of: name)
        thread.callingOut += 1
        thread.ownCalls.append((ObjectIdentifier(self), name))
        write(object, forKey: name)
        thread.ownCalls.removeLast()
        afterCall(object, forKey: name)
        thread.callingOut -= 1
        thread.runQueuedWorkIfIdle()
        aliases?.reportChanges()
    }

    /// Linux only: what the suites that may be this one under another `UserDefaults` object hold under `name`, to
    /// tell them after the call. On Apple platforms key-value observing reports a write through any object of the
    /// suite to every object's observers ("regardless of which process made the change"), so other suites' writes
    /// cost them nothing.
    @inline(__always)
    private func aliasesBeforeCall(of name: String) -> AliasSnapshot? {
        #if canImport(ObjectiveC)
        return nil
        #else
        return owner.flatMap { SuiteRegistry.shared.snapshotAliases(of: $0, names: { [name] }) }
        #endif
    }

    /// A repair's put-back: on the thread whose call found an older object.
    private func put(_ object: Any?, forKey name: String) {
        if callsBack {
            call(object, forKey: name, on: .current)
        } else {
            callHoldingFoundationLock(object, forKey: name)
        }
    }

    /// One call into Foundation's own class (Linux), which calls back nothing and is not thread-safe: made under the
    /// Foundation lock (a leaf), when `condition`, asked under that lock, holds; no own-call mark is needed.
    private func callHoldingFoundationLock(_ object: Any?, forKey name: String, if condition: () -> Bool = { true }) {
        let aliases = aliasesBeforeCall(of: name)
        withFoundationLock {
            if condition() { write(object, forKey: name) }
        }
        afterCall(object, forKey: name)
        aliases?.reportChanges()
    }

    /// Whether a change of `name` reported on the current thread comes from a call of this suite's stores.
    func isOwnCall(of name: String) -> Bool {
        guard let thread = WriteOrder.Pending.existing, !thread.ownCalls.isEmpty else { return false }
        let suite = ObjectIdentifier(self)
        return thread.ownCalls.contains { $0.suite == suite && $0.name == name }
    }

    /// The written object (`nil`: a removal, which reads as the registered default) is the new baseline of a name
    /// watched by notification, not read back (a read costs as much as the write); the suite is saved soon (Linux).
    private func afterCall(_ object: Any?, forKey name: String) {
        changeFilter.ownWriteLanded(name) { object ?? RegisteredDefaults.shared.registeredObject(forKey: $0) }
        PendingWrites.shared.markDirty(self)
    }

    /// The call itself, both kinds of object alike.
    func write(_ object: Any?, forKey name: String) {
        // Matched without binding: unwrapping would copy the value out of its existential on every write.
        switch object {
        case .some: defaults.set(object, forKey: name)
        // Never `set(nil, forKey:)`: on Linux that picks the `URL?` overload and does not return.
        case .none: defaults.removeObject(forKey: name)
        }
    }

    // MARK: Reading

    /// The object stored under `name`: the newest committed write's while a call of ours is in flight, else
    /// Foundation's.
    func object(forKey name: String) -> Any? {
        if let inFlight = inFlightObject(forKey: name) {
            // A removal reads what Foundation will answer after it: the registered default, if any.
            return inFlight ?? registeredObject(forKey: name)
        }
        return call { $0.object(forKey: name) }
    }

    /// The newest committed write of `name` while a call of ours is in flight: `.some(nil)` for a removal.
    func inFlightObject(forKey name: String) -> Any?? {
        guard inFlightNames.load() > 0 else { return nil }
        return ledger.withLock { $0.names[name].map { $0.object } }
    }

    /// The writes in flight, by name (`nil`: a removal), for listing what the suite holds.
    func inFlightWrites() -> [String: Any?] {
        guard inFlightNames.load() > 0 else { return [:] }
        return ledger.withLock { $0.names.mapValues { $0.object } }
    }

    /// The default Foundation answers for `name` once nothing is stored: registered through a store, or directly.
    private func registeredObject(forKey name: String) -> Any? {
        if let registered = RegisteredDefaults.shared.registeredObject(forKey: name) { return registered }
        return call { $0.volatileDomain(forName: UserDefaults.registrationDomain)[name] }
    }

    // MARK: Decisions and removal

    /// Starts a decision if no write was committed since `commitCount` was read (`nil`: whatever was committed):
    /// writes that do not hold the write order commit after it ends (``endDecision()``). Returns whether it started.
    func beginDecision(ifCommitsAre commitCount: Int?) -> Bool {
        ledger.withLock { ledger in
            if let commitCount, commits.load() != commitCount { return false }
            ledger.decisions += 1
            return true
        }
    }

    func endDecision() {
        ledger.withLock { $0.decisions -= 1 }
    }

    /// The suite is being removed: every name with a call of ours in flight now reads as removed, and the last of
    /// those calls to return removes what it may have left.
    func removeEverythingInFlight() {
        ledger.withLock { ledger in
            var lastSerial = ledger.lastSerial
            ledger.names.updateEach { entry in
                lastSerial += 1
                entry.olderObjects.append(entry.object)
                entry.object = nil
                entry.serial = lastSerial
                entry.overlapped = true
            }
            ledger.lastSerial = lastSerial
            latestSerial.store(Int(lastSerial))
            commits.store(commits.load() + 1)
        }
        decodedValues.removeAll()
    }
}
