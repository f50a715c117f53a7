import Foundation

/// Changes made to a `UserDefaults` suite without a store: by code that uses `UserDefaults` directly, or by
/// another process sharing an app-group suite (a widget, an extension).
///
/// Apple platforms report them per name through key-value observing (``KeyValueObservers``, in
/// `observeExternalChangesOnApple.swift`), and for names that key paths cannot hold (`.`, `@`) only as "a suite
/// changed" (``DottedNameChanges``). Linux Foundation reports neither: there this type only records names, so
/// reads take the same path (and the tests drive its callbacks as Foundation would). What is news, and what a
/// store's own write caused, is decided by ``ExternalChangeFilter``.
///
/// Foundation calls back from inside `UserDefaults.set`, on the writing thread, which then holds the write order
/// (``WriteOrder``): the names go to the suite, which queues them until the write order is released. A callback
/// on any other thread may come from inside Foundation, holding its locks: it is sent on from a queue of its own,
/// so it never waits for a writer (who may be waiting for Foundation).
///
/// `@unchecked Sendable`: `UserDefaults` is thread-safe on Apple platforms, and every call to it here goes through
/// ``withFoundationLock(_:)`` for Linux.
final class ExternalChangeObservation: @unchecked Sendable {
    let defaults: UserDefaults
    private let onChange: @Sendable ([String]) -> Void
    private let filter = ExternalChangeFilter()
    #if canImport(ObjectiveC)
    /// The key-value observers of this suite's names, made with the first one.
    private let keyValueObservers = LockedState<KeyValueObservers?>(nil)
    #endif

    init(defaults: UserDefaults, onChange: @escaping @Sendable ([String]) -> Void) {
        self.defaults = defaults
        self.onChange = onChange
        DottedNameChanges.shared.add(self)
    }

    deinit {
        DottedNameChanges.shared.remove(defaults, recordedBy: ObjectIdentifier(self))
    }

    /// Starts reporting changes of `name` (once per name).
    func watch(_ name: String) {
        let defaults = self.defaults
        guard let kind = filter.watch(name, currentObject: withFoundationLock { defaults.object(forKey: name) }) else { return }
        switch kind {
        case .keyValueObserving:
            #if canImport(ObjectiveC)
            let observers = keyValueObservers.withLock { observers in
                if let observers { return observers }
                let made = KeyValueObservers(defaults: defaults) { [weak self] name in self?.keyPathChanged(name) }
                observers = made
                return made
            }
            observers.observe(name)
            #else
            break  // Linux has no key-value observing.
            #endif
        case .notification: DottedNameChanges.shared.watchesDottedNames(defaults)
        }
    }

    /// Runs `body`, a store's write of `names`: the callbacks it causes for those names on this thread are
    /// dropped (the store reports its writes itself), and no others.
    func duringOwnWrite<Result>(of names: [String], _ body: () throws -> Result) rethrows -> Result {
        filter.beginOwnWrite(names)
        let defaults = self.defaults
        defer { filter.endOwnWrite(names) { name in withFoundationLock { defaults.object(forKey: name) } } }
        return try body()
    }

    /// Key-value observing reported a change of `name`.
    func keyPathChanged(_ name: String) {
        guard !filter.isOwnWrite(name) else { return }
        report([name])
    }

    /// How many times this suite's dotted names were compared after a notification, for tests and benchmarks.
    let comparisons = AtomicWord()

    /// `UserDefaults.didChangeNotification` for this suite: one comparison per name watched by notification.
    func suiteMayHaveChanged() {
        comparisons.add(1)
        let defaults = self.defaults
        let changed = filter.namesChangedSinceLastSeen { name in withFoundationLock { defaults.object(forKey: name) } }
        if !changed.isEmpty { report(changed) }
    }

    private func report(_ names: [String]) {
        if WriteOrder.isHeldByCurrentThread {
            // Inside a write on this thread: the suite queues it until the write order is released.
            onChange(names)
        } else {
            let onChange = self.onChange
            Self.callbacks.async { onChange(names) }
        }
    }

    /// Where callbacks from other threads are sent on: one serial queue, so their reports keep their order.
    private static let callbacks = DispatchQueue(label: "TypedDefaults.externalChanges", qos: .utility)
}
