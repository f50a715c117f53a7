import Foundation

/// Where `UserDefaults.didChangeNotification` goes (Apple platforms post it, on the writing thread, after every
/// write through any `UserDefaults` object of the process, system frameworks' included; Linux Foundation never does).
///
/// Observed once for the process, not per suite, at the least cost:
/// - a write through a suite's own `UserDefaults` object: one comparison per dotted name that suite watches;
/// - a write through an object no store uses (it may be any suite, a store's included): one flag, and every suite
///   that watches dotted names is compared once, later, on a queue, for all such writes of that moment together.
final class DottedNameChanges: Sendable {
    static let shared = DottedNameChanges()

    private struct State {
        var observations: [ObjectIdentifier: WeakObservation] = [:]
        var watching: Set<ObjectIdentifier> = []
        var sweepScheduled = false
    }

    private let state = LockedState(State())

    /// Every suite over `UserDefaults` is recorded, so that its writes are recognized.
    func add(_ observation: ExternalChangeObservation) {
        state.withLock {
            $0.observations[ObjectIdentifier(observation.defaults)] = WeakObservation(observation: observation, id: ObjectIdentifier(observation))
        }
    }

    /// Only if `observation` is still the one recorded: a suite made again for the same object may have replaced it.
    func remove(_ defaults: UserDefaults, recordedBy observation: ObjectIdentifier) {
        state.withLock { state in
            let id = ObjectIdentifier(defaults)
            guard state.observations[id]?.id == observation else { return }
            state.observations[id] = nil
            state.watching.remove(id)
        }
    }

    /// From now on the suite over `defaults` is compared on notification.
    func watchesDottedNames(_ defaults: UserDefaults) {
        state.withLock { _ = $0.watching.insert(ObjectIdentifier(defaults)) }
        _ = Self.observing
    }

    /// A `UserDefaults.didChangeNotification`: `object` is the `UserDefaults` written through.
    func defaultsDidChange(_ object: AnyObject?) {
        let id = object.map(ObjectIdentifier.init)
        let (known, mustSweep) = state.withLock { state -> (ExternalChangeObservation?, Bool) in
            guard !state.watching.isEmpty else { return (nil, false) }
            if let id, let entry = state.observations[id] {
                return (state.watching.contains(id) ? entry.observation : nil, false)
            }
            // An object no store uses: it may be a watched suite under another object. One sweep for all such
            // writes until it runs.
            defer { state.sweepScheduled = true }
            return (nil, !state.sweepScheduled)
        }
        if let known {
            // From inside a store's call into Foundation (which posts inside `set`): compared once it is done.
            if WriteOrder.isBusyOnCurrentThread {
                WriteOrder.Pending.current.compareLater(known)
            } else {
                known.suiteMayHaveChanged()
            }
        }
        if mustSweep {
            Self.sweeps.async { self.sweep() }
        }
    }

    /// For tests.
    let sweepCount = AtomicWord()

    /// Compares every suite that watches dotted names.
    private func sweep() {
        defer { sweepCount.add(1) }
        let watching = state.withLock { state in
            state.sweepScheduled = false
            return state.watching.compactMap { state.observations[$0]?.observation }
        }
        for observation in watching { observation.suiteMayHaveChanged() }
    }

    /// For tests.
    func waitForSweeps() {
        Self.sweeps.sync {}
    }

    private static let sweeps = DispatchQueue(label: "TypedDefaults.dottedNameSweep", qos: .utility)

    /// Lives with the process. Linux Foundation never posts it; observed there too, so that tests and benchmarks
    /// posting it as Apple's Foundation does drive this path.
    private static let observing: Void = {
        // `object: nil`: the object is the `UserDefaults` written through, and code that writes a suite directly
        // usually has its own ("posted when user defaults are changed within the current process").
        // `queue: nil`: on the posting thread, inside the write (this takes a leaf lock only).
        _ = NotificationCenter.default.addObserver(
            forName: UserDefaults.didChangeNotification, object: nil, queue: nil
        ) { notification in
            DottedNameChanges.shared.defaultsDidChange(notification.object as AnyObject?)
        }
    }()
}

private struct WeakObservation {
    weak var observation: ExternalChangeObservation?
    /// Outlives the observation; the weak reference does not.
    let id: ObjectIdentifier
}
