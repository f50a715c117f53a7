/// The migrations of a suite that found a value they could not convert in this launch and leave it for a later
/// try (``DefaultsMigration/retryingUnconvertible()``): not tried again until the next launch, so a key with such
/// a value costs a read nothing more than one without.
final class MigrationAttempts: Sendable {
    private let failed = LockedState(Set<String>())

    func hasFailed(_ id: String) -> Bool { failed.withLock { $0.contains(id) } }

    func noteFailure(_ id: String) { failed.withLock { _ = $0.insert(id) } }
}
