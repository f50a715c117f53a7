import Foundation

/// Which of the changes that the platform reports for a suite are news to its stores.
///
/// Apple platforms report changes made without a store per name (key-value observing), or, for names that
/// key paths cannot hold (`.`, `@`), only as "the suite changed" (`UserDefaults.didChangeNotification`, for every
/// `UserDefaults` object of the process). What both need is here, in plain Swift tested on every platform:
/// - the names watched, each once, and how;
/// - for names watched by notification, the stored object last seen, so that a notification reports only the
///   names whose value really changed;
/// The names this suite's stores are writing, per thread, are the suite's (``FoundationSuite/isOwnCall(of:)``): a
/// store reports its own writes itself, so the callbacks those writes cause are dropped, and only those. A write to
/// another suite, or a direct `UserDefaults` write inside an `update` closure, is still reported.
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

    /// A store's own write of `name` landed: a name watched by notification takes `object(name)` as its baseline,
    /// so the write is never reported as a change from outside.
    func ownWriteLanded(_ name: String, object: (String) -> Any?) {
        guard namesWatchedByNotification.load() > 0 else { return }
        guard state.withLock({ $0.lastSeen[name] != nil }) else { return }
        let found = object(name)
        state.withLock { state in
            if state.watched[name] == .notification { state.lastSeen[name] = .some(found) }
        }
    }

    /// After a "the suite changed" notification: the names whose stored object differs from the one last seen
    /// (which moves to it). Names this suite's stores are writing on the current thread are left to those stores.
    func namesChangedSinceLastSeen(isOwnCall: (String) -> Bool, read: (String) -> Any?) -> [String] {
        let candidates = state.withLock { state in Array(state.lastSeen.keys) }.filter { !isOwnCall($0) }
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
