import Foundation

/// The failures reported for one suite's names, kept for ``DefaultsStore/failures(for:)`` and logged. Memory is
/// bounded: the last ``perName`` failures of each of the first ``names`` names.
final class FailureLog: Sendable {
    static let perName = 16
    static let names = 1_000

    private let entries = LockedState<[String: [DefaultsFailure]]>([:])

    /// Skips a repeat of the name's last failure. Takes only this leaf lock; logging waits until the thread holds no
    /// write order and is inside no Foundation call (``WriteOrder``). Past ``names`` names, a new name's failures
    /// are neither kept nor logged: they could not be told from repeats, and a value read on every redraw would log
    /// on every redraw.
    func report(_ failure: DefaultsFailure) {
        let isNew = entries.withLock { entries -> Bool in
            if entries[failure.keyName]?.last == failure { return false }
            guard entries[failure.keyName] != nil || entries.count < Self.names else { return false }
            entries[failure.keyName, default: []].append(failure)
            if entries[failure.keyName]!.count > Self.perName { entries[failure.keyName]!.removeFirst() }
            return true
        }
        guard isNew else { return }
        if WriteOrder.isBusyOnCurrentThread {
            WriteOrder.Pending.current.log(failure)
        } else {
            FailureLogger.log(failure)
        }
    }

    func failures(named name: String) -> [DefaultsFailure] {
        entries.withLock { $0[name] ?? [] }
    }

    func remove(named name: String) {
        entries.withLock { _ = $0.removeValue(forKey: name) }
    }
}
