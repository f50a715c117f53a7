import Foundation

/// Which of the changes that the platform reports for a suite are news to its stores.
///
/// Apple platforms report changes made without a store per name (key-value observing), or, for names that
/// key paths cannot hold (`.`, `@`), only as "the suite changed" (`UserDefaults.didChangeNotification`, for every
/// `UserDefaults` object of the process). What both need is here, in plain Swift tested on every platform:
/// - the names watched, each once, and how;
/// - for names watched by notification, the stored object last seen, so that a notification reports only the
///   names whose value really changed;
/// - the names this suite's stores are writing, per thread: a store reports its own writes itself (exactly,
///   and after releasing the suite's lock), so the callbacks those writes cause are dropped, and only those.
///   A write to another suite, or a direct `UserDefaults` write inside an `update` closure, is still reported.
final class ExternalChangeFilter: Sendable {
    /// How the platform reports changes of one name.
    enum WatchKind: Equatable {
        /// Key-value observing, per name, from other processes too.
        case keyValueObserving
        /// `UserDefaults.didChangeNotification`: this process only, and without the name.
        case notification
    }

    private struct State {
        var watched: [String: WatchKind] = [:]
        /// Only names watched by notification.
        var lastSeen: [String: Any?] = [:]
    }

    private let state = LockedState(State())
    /// A store's write takes the lock, to move baselines, only when some names are watched by notification.
    private let namesWatchedByNotification = AtomicWord()

    /// Names that a key path cannot hold are watched by notification.
    static func watchKind(of name: String) -> WatchKind {
        name.contains(".") || name.contains("@") ? .notification : .keyValueObserving
    }

    /// How to start watching `name`, or `nil` when it already is; `currentObject` is the baseline for notifications.
    func watch(_ name: String, currentObject: @autoclosure () -> Any?) -> WatchKind? {
        let kind = Self.watchKind(of: name)
        let baseline: Any?? = kind == .notification ? .some(currentObject()) : .none
        return state.withLock { state -> WatchKind? in
            guard state.watched[name] == nil else { return nil }
            state.watched[name] = kind
            if let baseline {
                // Counted before the baseline is there: a write that then finds the count 0 has no baseline to move.
                namesWatchedByNotification.add(1)
                state.lastSeen[name] = baseline
            }
            return kind
        }
    }

    /// Marks `names` as being written by a store on the current thread, until ``endOwnWrite(_:read:)``.
    ///
    /// The marks are the thread's own (``WriteOrder/Pending``): the callbacks they filter come on the writing
    /// thread, inside the write, so they need no lock.
    func beginOwnWrite(_ names: [String]) {
        let pending = WriteOrder.Pending.current
        for name in names { pending.ownWrites.append((ObjectIdentifier(self), name)) }
    }

    /// Ends the marks of ``beginOwnWrite(_:)``; written names watched by notification take their new values as the
    /// baseline, so the store's own write is never reported as a change from outside.
    func endOwnWrite(_ names: [String], read: (String) -> Any?) {
        let pending = WriteOrder.Pending.current
        let filter = ObjectIdentifier(self)
        for name in names {
            if let index = pending.ownWrites.lastIndex(where: { $0.filter == filter && $0.name == name }) {
                pending.ownWrites.remove(at: index)
            }
        }
        guard namesWatchedByNotification.load() > 0 else { return }
        let refresh = state.withLock { state in names.filter { state.lastSeen[$0] != nil } }
        guard !refresh.isEmpty else { return }
        let objects = refresh.map { ($0, read($0)) }
        state.withLock { state in
            for (name, object) in objects where state.watched[name] == .notification { state.lastSeen[name] = .some(object) }
        }
    }

    /// Whether a change of `name` reported on the current thread comes from a write of this suite's stores.
    func isOwnWrite(_ name: String) -> Bool {
        guard let pending = WriteOrder.Pending.existing else { return false }
        let filter = ObjectIdentifier(self)
        return pending.ownWrites.contains { $0.filter == filter && $0.name == name }
    }

    /// After a "the suite changed" notification: the names whose stored object differs from the one last seen
    /// (which moves to it). Names this suite's stores are writing on the current thread are left to those stores.
    func namesChangedSinceLastSeen(read: (String) -> Any?) -> [String] {
        let candidates = state.withLock { state in Array(state.lastSeen.keys) }.filter { !isOwnWrite($0) }
        guard !candidates.isEmpty else { return [] }
        let objects = candidates.map { ($0, read($0)) }
        return state.withLock { state in
            var changed: [String] = []
            for (name, object) in objects {
                guard let previous = state.lastSeen[name], !storedObjectsEqual(previous, object) else { continue }
                state.lastSeen[name] = .some(object)
                changed.append(name)
            }
            return changed.sorted()
        }
    }
}
