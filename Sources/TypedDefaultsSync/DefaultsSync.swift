import Foundation
import TypedDefaults

/// Keeps the synced keys of a store (`"iCloud": true` in the schema) in step with a cloud key-value store, so
/// that settings follow the user across devices.
///
/// Start it once at launch and keep it as long as settings should sync:
///
/// ```swift
/// let sync = DefaultsSync(keys: DefaultsKeys.Defaults.all, cloud: .iCloud).start()
/// ```
///
/// The rules:
/// - A default is never pushed: a key with nothing stored is never written to the cloud, so a fresh install
///   never overwrites the account's values.
/// - The newer write wins, key by key. Every write of a synced key (a removal too) is stamped with when it
///   happened; at start, on the first download, on an account change and on every change from another device,
///   the newer of the local and the cloud write wins. A value stored before the sync first ran counts as older
///   than any write the cloud holds. A write made after seeing a value is stamped later than it, whatever the
///   device's clock says.
/// - Writes through any store over the key's suite are pushed, a burst coalesced into one push; values taken from
///   the cloud are stored without being pushed back, and observers, trackers and `updates` see them like any
///   other write.
/// - A value the cloud cannot take (over its limits) stays here and is reported in ``events()``; it is not sent
///   again until written again, and the other keys go on syncing.
/// - Keys not marked for iCloud are never read or written in the cloud.
///
/// Writes made while the sync is stopped are not stamped: on the next start one goes up if the cloud still holds
/// the write this device last knew of, and counts as older than a value another device wrote meanwhile.
///
/// At each start the sync checks, on evidence only, whether the account changed (see ``DefaultsCloudAccount``):
/// another account's values win and nothing is pushed into it; with nothing to compare, nothing is pushed until the
/// first change notification, or for the rest of that launch.
///
/// In a process whose stores are in memory (an Xcode preview, `-TypedDefaultsInMemory YES`,
/// `DefaultsStore.useInMemoryStores()`), a sync of an in-memory store with `.iCloud` never starts: it would bring the
/// user's iCloud values into a preview, and send a preview's edits to the user's account.
public final class DefaultsSync: Sendable {
    private let engine: SyncEngine
    private let joinsMemoryToRealCloud: Bool

    /// A sync of the keys among `keys` marked for iCloud (`DefaultsKeys.syncsWithICloud`), each in its suite's
    /// store that goes with `store`, with `cloud`. It starts with ``start()``.
    ///
    /// - Parameters:
    ///   - keys: The keys to sync; those not marked for iCloud are left out (pass a schema's `all`).
    ///   - store: The store whose values sync: `.standard` (its shared suite stores, for keys declared with a
    ///     suite), or any other store.
    ///   - cloud: The cloud store: `.iCloud` on Apple platforms, or a device of an `InMemoryCloudAccount` (from
    ///     `TypedDefaultsTestDoubles`, for tests).
    ///   - pushDelay: How long local writes gather before they are pushed together; `nil` pushes only on
    ///     ``push()`` (for tests that decide when).
    ///   - clock: Where write stamps come from. It is called while a write of a synced key is being recorded (never
    ///     holding the sync's own lock), with the process's writes held back until it returns: return at once,
    ///     and read or write no setting in it.
    public init(keys: [DefaultsKeys], store: DefaultsStore = .standard, cloud: some DefaultsCloudStore,
                pushDelay: Duration? = .milliseconds(200), clock: @escaping @Sendable () -> Date = { Date() }) {
        engine = SyncEngine(keys: keys, store: store, cloud: cloud, pushDelay: pushDelay, clock: clock)
        joinsMemoryToRealCloud = store.isInMemory && Self.isRealCloud(cloud)
    }

    private static func isRealCloud(_ cloud: some DefaultsCloudStore) -> Bool {
        #if canImport(ObjectiveC)
        return cloud is ICloudKeyValueStore
        #else
        return false
        #endif
    }

    /// Starts syncing in both directions: asks the cloud store to synchronize, then resolves every key between
    /// this device and the cloud (newer wins). Starting a running sync does nothing, and so does starting a sync of
    /// an in-memory store with `.iCloud` (see above).
    /// - Returns: The sync itself, so that one line makes and starts it. Keep it: a sync that is released stops
    ///   (which is why the result may not be dropped; to start a stopped sync again, `_ = sync.start()`).
    public func start() -> DefaultsSync {
        guard !joinsMemoryToRealCloud else { return self }
        engine.start()
        return self
    }

    /// Stops both directions: local writes are no longer pushed, cloud changes no longer taken, and the sync holds
    /// no observer of the suites or of the cloud. ``start()`` starts it again.
    public func stop() {
        engine.stop()
    }

    /// Pushes the local writes not pushed yet now, rather than after the push delay.
    public func push() {
        engine.push()
    }

    /// Whether the sync is running.
    public var isRunning: Bool { engine.isRunning }

    /// Whether local writes wait to be pushed: `false` means everything written here has gone to the cloud
    /// store (or was refused, and reported).
    public var hasPendingPushes: Bool { engine.hasPendingPushes }

    /// The stored names the sync keeps in step, in the order their keys were given.
    public var syncedNames: [String] { engine.names }

    /// What the sync does from now on: pushes, pulls, refusals with their reason, account changes. Each call
    /// makes a new sequence; it ends when the sync is released, or when its loop ends.
    public func events() -> AsyncStream<DefaultsSyncEvent> {
        engine.events()
    }

    deinit {
        engine.stop()
        engine.finishEvents()
    }
}
