#if canImport(ObjectiveC)
import Foundation
import TypedDefaults

/// iCloud's key-value store (`NSUbiquitousKeyValueStore.default`) as a ``DefaultsCloudStore``: what
/// `DefaultsSync(keys:cloud: .iCloud)` syncs with. Apple platforms only; the app needs the iCloud key-value
/// storage entitlement (`com.apple.developer.ubiquity-kvstore-identifier`).
///
/// Every call forwards to `NSUbiquitousKeyValueStore`; its `didChangeExternallyNotification` becomes a
/// ``DefaultsCloudChange`` with the changed keys (`NSUbiquitousKeyValueStoreChangedKeysKey`) and the reason
/// (`NSUbiquitousKeyValueStoreChangeReasonKey`). Written against Apple's documentation; compiled by the macOS
/// workflow only. What it leaves to iCloud is tested on Linux against `InMemoryCloudAccount`
/// (`TypedDefaultsTestDoubles`).
public final class ICloudKeyValueStore: DefaultsCloudStore, @unchecked Sendable {
    /// The app's iCloud key-value store.
    public static let shared = ICloudKeyValueStore(.default)

    // `NSUbiquitousKeyValueStore` is thread-safe (Apple documents using it from any thread), but not `Sendable`.
    private let store: NSUbiquitousKeyValueStore

    /// A cloud store over `store` (the app has one: `NSUbiquitousKeyValueStore.default`).
    public init(_ store: NSUbiquitousKeyValueStore) {
        self.store = store
    }

    /// `NSUbiquitousKeyValueStore.object(forKey:)`.
    public func object(forKey name: String) -> Any? {
        store.object(forKey: name)
    }

    /// `NSUbiquitousKeyValueStore.set(_:forKey:)`.
    public func set(_ object: Any, forKey name: String) {
        store.set(object, forKey: name)
    }

    /// `NSUbiquitousKeyValueStore.removeObject(forKey:)`.
    public func removeObject(forKey name: String) {
        store.removeObject(forKey: name)
    }

    /// Asks iCloud to exchange changes; `false` when the app lacks the key-value storage entitlement (what Apple
    /// documents for it).
    @discardableResult
    public func synchronize() -> Bool {
        store.synchronize()
    }

    /// The account, from `FileManager.ubiquityIdentityToken`: "an opaque token that represents the current user's
    /// iCloud Drive Documents identity", `nil` "if iCloud is unavailable or there is no logged-in user". An app
    /// that uses only the key-value store may get `nil` while signed in (the token is iCloud Drive's), so `nil` is
    /// `.unknown`, never `.signedOut` (see ``DefaultsCloudAccount``). The token is `NSCoding`; its archive, kept as
    /// text, identifies it (Apple compares a stored token with the new one with `isEqual(_:)`: where two archives
    /// differ, the sync lets its marker in the store decide). "Relatively fast", so asked at each start and each
    /// change notification.
    public var account: DefaultsCloudAccount {
        guard let token = FileManager.default.ubiquityIdentityToken,
              let archive = try? NSKeyedArchiver.archivedData(withRootObject: token, requiringSecureCoding: false) else {
            return .unknown
        }
        return .signedIn(archive.base64EncodedString())
    }

    /// Observes `didChangeExternallyNotification` of the store, until the observation is cancelled or released.
    public func observeChanges(_ handler: @escaping @Sendable (DefaultsCloudChange) -> Void) -> DefaultsCloudObservation {
        // `queue: nil`: the handler runs on the thread that posts, which the sync is made for.
        let token = NotificationCenter.default.addObserver(
            forName: NSUbiquitousKeyValueStore.didChangeExternallyNotification, object: store, queue: nil
        ) { notification in
            let info = notification.userInfo
            let names = info?[NSUbiquitousKeyValueStoreChangedKeysKey] as? [String] ?? []
            let code = (info?[NSUbiquitousKeyValueStoreChangeReasonKey] as? NSNumber)?.intValue ?? NSUbiquitousKeyValueStoreServerChange
            handler(DefaultsCloudChange(reason: Self.reason(code), names: names))
        }
        let observer = ObserverToken(token)
        return DefaultsCloudObservation { NotificationCenter.default.removeObserver(observer.token) }
    }

    /// The reason of a change, from the documented `NSUbiquitousKeyValueStore…Change` constants; an unknown one
    /// (a later OS) is treated as a server change, which resolves the keys it names.
    private static func reason(_ code: Int) -> DefaultsCloudChange.Reason {
        switch code {
        case NSUbiquitousKeyValueStoreInitialSyncChange: return .initialSync
        case NSUbiquitousKeyValueStoreQuotaViolationChange: return .quotaViolation
        case NSUbiquitousKeyValueStoreAccountChange: return .accountChange
        default: return .serverChange
        }
    }
}

/// A notification observer token, which Foundation does not mark `Sendable`; only removed, once.
private final class ObserverToken: @unchecked Sendable {
    let token: any NSObjectProtocol

    init(_ token: any NSObjectProtocol) {
        self.token = token
    }
}

extension DefaultsCloudStore where Self == ICloudKeyValueStore {
    /// The app's iCloud key-value store: `DefaultsSync(keys: …, cloud: .iCloud)`.
    public static var iCloud: ICloudKeyValueStore { .shared }
}
#endif
