import Foundation

/// A `UserDefaults` suite as the stores use it: the object, and the writes of ours it has not been given yet.
///
/// **Why writes are queued.** On Apple platforms `UserDefaults.set` runs other code inside the call: key-value
/// observers, and `didChangeNotification` observers, on the writing thread; an observer registered with a queue
/// (`queue: .main`, as apps and analytics SDKs do) makes `set` wait until that queue ran it. Holding a lock of ours
/// across `set` froze apps for good: a background write waited for the main queue inside `set` while the main thread
/// waited for our lock. So a write is put in order here, under the write order (``WriteOrder``), and handed to
/// Foundation after it, holding no lock of ours, by one thread at a time (``FoundationWriteQueue``):
/// - the last write wins in `UserDefaults` as in the store: writes reach Foundation in the order they were queued
///   (a write superseded before it was handed over is skipped);
/// - reads see every write at once (read-your-writes on every thread): a name with a queued write reads the
///   queued object, without asking Foundation;
/// - a thread that finds another one handing writes over returns at once: that thread hands over its writes too,
///   and if it waits inside `set` for a queue that waits for us, nothing of ours waits for it.
///
/// Code that reads `UserDefaults` directly sees a write once it was handed over: at once, unless another thread
/// is inside a `set` of this suite that waits (for an observer's queue), and then right after that `set`.
///
/// Calls into the object go through ``call(_:)``: swift-corelibs-foundation's own class calls back nothing and is
/// not thread-safe, so its calls take the process-wide Foundation lock (a leaf: nothing is called inside it); any
/// other object (every object on Apple platforms, a subclass on Linux) may call back, and is called holding no lock.
@usableFromInline
final class FoundationSuite: @unchecked Sendable {
    let defaults: UserDefaults
    /// Whether calls into ``defaults`` may run other code (and must not be made holding a lock of ours).
    let callsBack: Bool
    /// Who is told how a write is handed over (own-write marks, other objects over the same suite); set once,
    /// by the suite that owns this storage.
    weak var owner: Suite?

    /// The values reads decoded last, each with the object it was decoded from (``DecodedValue``).
    let decodedValues = DecodedValueTable()

    /// The newest queued write of each name not handed over yet (`nil`: a removal), with its serial.
    private let queued = LockedState<[String: (object: Any?, serial: UInt64)]>([:])
    /// How many names hold a queued write: reads skip the lock while it is 0 (almost always).
    private let queuedNames = AtomicWord()

    init(_ defaults: UserDefaults) {
        self.defaults = defaults
        #if canImport(ObjectiveC)
        callsBack = true
        #else
        callsBack = type(of: defaults) != UserDefaults.self
        #endif
        writeQueue = callsBack ? .callingBack : .plain
    }

    /// Where this suite's writes wait for Foundation.
    let writeQueue: FoundationWriteQueue

    /// Runs `body`, a call into ``defaults``, as the object requires: under the Foundation lock for
    /// swift-corelibs-foundation's own class; for any other, marked as a call that may call back
    /// (``WriteOrder/callingOut(_:)``), holding no lock.
    @inline(__always)
    func call<Result>(_ body: (UserDefaults) throws -> Result) rethrows -> Result {
        if callsBack {
            return try WriteOrder.callingOut { try body(defaults) }
        }
        return try withFoundationLock { try body(defaults) }
    }

    // MARK: Reading

    /// The object stored under `name`: the queued write's, if one waits, else Foundation's.
    func object(forKey name: String) -> Any? {
        if queuedNames.load() > 0, let queued = queued.withLock({ $0[name] }) {
            // A queued removal reads what Foundation will answer after it: the registered default, if any.
            return queued.object ?? RegisteredDefaults.shared.registeredObject(forKey: name)
        }
        return call { $0.object(forKey: name) }
    }

    /// The queued write of `name`, if one waits: `.some(nil)` for a removal.
    func queuedObject(forKey name: String) -> Any?? {
        guard queuedNames.load() > 0 else { return nil }
        return queued.withLock { $0[name].map { $0.object } }
    }

    /// The queued writes not handed over yet, by name (`nil`: a removal), for listing what the suite holds.
    func queuedWrites() -> [String: Any?] {
        guard queuedNames.load() > 0 else { return [:] }
        return queued.withLock { $0.mapValues { $0.object } }
    }

    // MARK: Writing

    /// Queues a write of `object` (`nil`: a removal) under `name`, in the write order; it reaches Foundation once
    /// the thread's outermost write is done (``WriteOrder/Pending``), or at once outside one.
    func enqueue(_ object: Any?, forKey name: String) {
        let serial = writeQueue.enqueue(self, name: name, object: object) { serial in
            queued.withLock { queued in
                queued[name] = (object, serial)
                queuedNames.store(queued.count)
            }
        }
        if WriteOrder.isBusyOnCurrentThread {
            WriteOrder.Pending.current.handOver(upTo: serial, in: writeQueue)
        } else {
            writeQueue.handOver(waitingFor: serial)
        }
    }

    /// Whether `entry` is still the newest queued write of its name.
    func isNewestQueued(_ entry: FoundationWriteQueue.Entry) -> Bool {
        queued.withLock { $0[entry.name]?.serial == entry.serial }
    }

    /// `entry` reached Foundation: reads ask Foundation again, unless a later write of the name waits.
    func didHand(_ entry: FoundationWriteQueue.Entry) {
        queued.withLock { queued in
            if queued[entry.name]?.serial == entry.serial { queued[entry.name] = nil }
            queuedNames.store(queued.count)
        }
    }

    /// One write, as Foundation's own: the callbacks it causes for its name on this thread are the store's own
    /// write (already told), not a change from outside.
    func hand(_ entry: FoundationWriteQueue.Entry, markedBy observation: ExternalChangeObservation?) {
        let write = { [defaults] in
            if let object = entry.object {
                defaults.set(object, forKey: entry.name)
            } else {
                // Never `set(nil, forKey:)`: on Linux that picks the `URL?` overload and does not return.
                defaults.removeObject(forKey: entry.name)
            }
        }
        if let observation {
            observation.duringOwnWrite(of: entry.name, writing: entry.object) { call { _ in write() } }
        } else {
            call { _ in write() }
        }
    }

    /// Drops the view of queued writes (the suite is being removed: what it held is gone).
    func forgetQueuedWrites() {
        queued.withLock { queued in
            queued.removeAll()
            queuedNames.store(0)
        }
    }
}
