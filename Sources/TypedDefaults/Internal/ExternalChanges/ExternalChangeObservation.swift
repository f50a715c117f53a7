import Foundation

/// Changes made to a `UserDefaults` suite without a store: by code that uses `UserDefaults` directly, or by
/// another process sharing an app-group suite (a widget, an extension).
///
/// Apple platforms report them per name through key-value observing (`KeyValueObservers`), and for names that key
/// paths cannot hold (`.`, `@`) only as "a suite changed" (``DottedNameChanges``). Linux Foundation reports neither:
/// there this type only records names, so reads take the same path (and tests drive its callbacks as Foundation
/// would). What is news, and what a store's own write caused, is decided by ``ExternalChangeFilter``.
///
/// Foundation calls back from inside `UserDefaults.set`, on the writing thread, which is then busy
/// (``WriteOrder/isBusyOnCurrentThread``): the suite queues the names until the call is done. A callback on any
/// other thread may come from inside Foundation, holding its locks: it is sent on from a queue of its own, so it
/// never waits for anything of ours.
///
/// `@unchecked Sendable`: `UserDefaults` is thread-safe on Apple platforms, and every call to it here goes through
/// ``FoundationSuite/call(_:)`` for Linux.
final class ExternalChangeObservation: @unchecked Sendable {
    let foundation: FoundationSuite
    var defaults: UserDefaults { foundation.defaults }
    private let onChange: @Sendable ([String]) -> Void
    private var filter: ExternalChangeFilter { foundation.changeFilter }
    #if canImport(ObjectiveC)
    /// Made with the first name observed.
    private let keyValueObservers = LockedState<KeyValueObservers?>(nil)
    #endif

    init(foundation: FoundationSuite, onChange: @escaping @Sendable ([String]) -> Void) {
        self.foundation = foundation
        self.onChange = onChange
        DottedNameChanges.shared.add(self)
    }

    deinit {
        DottedNameChanges.shared.remove(defaults, recordedBy: ObjectIdentifier(self))
    }

    /// Starts reporting changes of `name` (once per name).
    func watch(_ name: String) {
        let defaults = self.defaults
        guard let kind = filter.watch(name, currentObject: foundation.call { $0.object(forKey: name) }) else { return }
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
            // Linux has no key-value observing; a test double plays it (``KeyValueObservingStandIn``).
            (defaults as? any KeyValueObservingStandIn)?.observeKey(name) { [weak self] name in self?.keyPathChanged(name) }
            #endif
        case .notification: DottedNameChanges.shared.watchesDottedNames(defaults)
        }
    }

    func keyPathChanged(_ name: String) {
        guard !foundation.isOwnCall(of: name) else { return }
        foundation.noteWriteNotOurs(name)
        report([name])
    }

    /// Dotted-name comparisons made, for tests and benchmarks.
    let comparisons = AtomicWord()

    /// `UserDefaults.didChangeNotification` for this suite: one comparison per name watched by notification.
    func suiteMayHaveChanged() {
        comparisons.add(1)
        let foundation = self.foundation
        let changed = filter.namesChangedSinceLastSeen(isOwnCall: foundation.isOwnCall(of:)) { name in
            foundation.call { $0.object(forKey: name) }
        }
        // Not told to the repair (``FoundationSuite/noteWriteNotOurs(_:)``): a comparison cannot tell another thread's
        // store write from other code's, and a repair skipped for our own write would leave an older value.
        if !changed.isEmpty { report(changed) }
    }

    private func report(_ names: [String]) {
        if WriteOrder.isBusyOnCurrentThread {
            // Inside a write or a call into Foundation on this thread: the suite queues it until that is done.
            onChange(names)
        } else {
            let onChange = self.onChange
            Self.callbacks.async { onChange(names) }
        }
    }

    /// Serial, so that reports from other threads keep their order. Tests wait for it to drain.
    static let callbacks = DispatchQueue(label: "TypedDefaults.externalChanges", qos: .utility)
}

/// What a `UserDefaults` subclass adopts to play key-value observing on Linux, where Foundation has none: it calls
/// `onChange` with the name inside every write of `name`, on the writing thread, as Apple's key-value observing of
/// `UserDefaults` does. For tests of the shared logic; Apple platforms use key-value observing itself.
package protocol KeyValueObservingStandIn: AnyObject {
    func observeKey(_ name: String, onChange: @escaping @Sendable (String) -> Void)
}
