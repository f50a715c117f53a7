internal import DefaultsFormats
import Foundation
import TypedDefaults

/// A cloud key-value store, as ``DefaultsSync`` uses it: the seam between the sync and iCloud.
///
/// Two implementations come with the library: `ICloudKeyValueStore` (`.iCloud`, Apple platforms only), over
/// `NSUbiquitousKeyValueStore.default`, and `InMemoryCloudAccount.Device`, a device of an in-memory account for
/// tests (in the `TypedDefaultsTestDoubles` module). The calls mirror
/// `NSUbiquitousKeyValueStore`: writes land in the device's copy at once and reach the account later; changes from
/// other devices are reported through ``observeChanges(_:)``.
public protocol DefaultsCloudStore: AnyObject, Sendable {
    /// The value this device's copy of the store holds under `name`, or `nil`.
    func object(forKey name: String) -> Any?
    /// Writes `object` (a property-list value) under `name`.
    func set(_ object: Any, forKey name: String)
    /// Removes the value under `name`.
    func removeObject(forKey name: String)
    /// Asks the store to exchange changes with the cloud soon; `false` when it cannot.
    @discardableResult func synchronize() -> Bool
    /// Calls `handler` with each change that reaches this device from elsewhere, on any thread, until the
    /// returned observation is cancelled or released.
    func observeChanges(_ handler: @escaping @Sendable (DefaultsCloudChange) -> Void) -> DefaultsCloudObservation
    /// What the store takes: ``DefaultsSync`` never sends a value or a name over these.
    var limits: DefaultsCloudLimits { get }
    /// Which account the store holds now: how ``DefaultsSync`` notices, at its next start, an account change made
    /// while it was not running. `.unknown` unless the store says (stores written before this was asked).
    var account: DefaultsCloudAccount { get }
}

extension DefaultsCloudStore {
    /// iCloud's limits, unless the store says otherwise.
    public var limits: DefaultsCloudLimits { .iCloud }

    /// Unknown, unless the store says otherwise: the sync then knows the same account by a marker each device keeps
    /// in the store, and never another one for sure (see ``DefaultsCloudAccount``).
    public var account: DefaultsCloudAccount { .unknown }
}

/// Which account a cloud store holds, as far as the store can tell.
///
/// A sync remembers, in each synced suite, the account its stamps belong to. Another `.signedIn` identifier than
/// the one remembered is an account change: the new account's values win, keys it lacks reset, and nothing is
/// pushed into it. The same identifier is the same account; signed out, nothing is pushed and the local values
/// stay. Where no identifier can be compared (`.unknown` now, or none remembered), the device's marker decides
/// what it can: each device keeps a key of its own in the store (`TypedDefaults.account.<random identifier>`),
/// and iCloud's key-value store replaces its whole contents on an account change, so the marker still there is
/// the same account. The marker gone proves nothing (a switch, a sign-out, Clear iCloud Data, a quota refusal and
/// an initial download that discarded it look alike): the sync then begins an *epoch*, resetting nothing and never
/// pushing a value written before it. An identifier that appears or goes away is not another account.
public enum DefaultsCloudAccount: Sendable, Hashable {
    /// An account, by an identifier that stays the same for it on this device.
    case signedIn(String)
    /// No account is signed in: nothing can reach the cloud.
    case signedOut
    /// The store cannot tell. Never taken as signed out.
    case unknown
}

/// A change that reached a device's cloud store from elsewhere, with why it happened.
public struct DefaultsCloudChange: Sendable, Equatable {
    /// Why the store changed: the reasons `NSUbiquitousKeyValueStore` gives.
    public enum Reason: Sendable, Equatable {
        /// Another device wrote values.
        case serverChange
        /// The first download of the account's values to this device; writes made before it were discarded.
        case initialSync
        /// A write went over the account's limits and was refused.
        case quotaViolation
        /// Another account signed in: the store now holds that account's values.
        case accountChange
    }

    /// Why the store changed.
    public var reason: Reason
    /// The names whose values changed (or were refused); may be empty when the store does not say.
    public var names: [String]

    /// A change of `names` for `reason`.
    public init(reason: Reason, names: [String]) {
        self.reason = reason
        self.names = names
    }
}

/// A running observation of a cloud store's changes; cancelled by ``cancel()`` or when released.
public final class DefaultsCloudObservation: Sendable {
    private let onCancel: LockedState<(@Sendable () -> Void)?>

    /// An observation that runs `cancel` once, when cancelled or released.
    public init(cancel: @escaping @Sendable () -> Void) {
        onCancel = LockedState(cancel)
    }

    /// Stops the observation; later calls do nothing.
    public func cancel() {
        let cancel = onCancel.withLock { cancel in
            defer { cancel = nil }
            return cancel
        }
        cancel?()
    }

    deinit {
        cancel()
    }
}

/// The limits of a cloud key-value store: what iCloud documents for `NSUbiquitousKeyValueStore`, checked by the
/// generator at build time and by ``DefaultsSync`` before each write.
public struct DefaultsCloudLimits: Sendable, Equatable {
    /// The most keys the store holds.
    public var keyCount: Int
    /// The most bytes all values (and their names) take together.
    public var totalBytes: Int
    /// The most bytes one value (and its name) takes.
    public var valueBytes: Int
    /// The longest name, in bytes of UTF-8.
    public var nameBytes: Int

    /// Limits of your own, for an in-memory account that runs out of room sooner than iCloud.
    public init(keyCount: Int, totalBytes: Int, valueBytes: Int, nameBytes: Int) {
        self.keyCount = keyCount
        self.totalBytes = totalBytes
        self.valueBytes = valueBytes
        self.nameBytes = nameBytes
    }

    /// iCloud's: 1,024 keys, 1 MB in all, 1 MB per value, names of at most 64 bytes.
    public static let iCloud = DefaultsCloudLimits(
        keyCount: ICloudKeyValueLimits.keyCount, totalBytes: ICloudKeyValueLimits.totalBytes,
        valueBytes: ICloudKeyValueLimits.valueBytes, nameBytes: ICloudKeyValueLimits.nameBytes
    )
}
