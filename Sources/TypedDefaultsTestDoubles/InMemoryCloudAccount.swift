// TypedDefaultsTestDoubles: the library's test doubles, for tests, iOS-compiled fixtures and demo modes; not part
// of the runtime (`TypedDefaults`), so no app ships them unless it asks.
//
// Why a module of its own rather than `TypedDefaultsTesting`: that module (the Swift Testing trait) imports
// `Testing`, which an app target cannot import and which the Apple compile (an iOS SDK kit without Testing or
// XCTest) cannot build; the double is used by code compiled for iOS (Fixtures/ConsumerConfigurations) and by an
// app's demo mode. This module imports only TypedDefaults, TypedDefaultsSync (whose `DefaultsCloudStore` the
// double adopts) and Foundation, so it builds everywhere.
// `TypedDefaultsTesting` re-exports it: a test target that imports that gets the double too.
// It uses the runtime's `package` declarations (`LockedState`, `cloudStoredSize`), which clients never see.

import Foundation
import TypedDefaults
public import TypedDefaultsSync

/// An iCloud account in memory, with any number of devices: for testing sync, yours and the library's.
///
/// Each ``Device`` is a ``DefaultsCloudStore`` that behaves like `NSUbiquitousKeyValueStore`: writes land in the
/// device's copy at once and reach the account when the device ``Device/upload()``s; other devices see them when
/// they ``Device/download()``. Nothing moves on its own, so a test decides the order of every delivery:
///
/// ```swift
/// let account = InMemoryCloudAccount()
/// let phone = DefaultsSync(keys: DefaultsKeys.Defaults.all, store: .inMemory(), cloud: account.makeDevice(), pushDelay: nil).start()
/// let laptop = DefaultsSync(keys: DefaultsKeys.Defaults.all, store: .inMemory(), cloud: account.makeDevice(), pushDelay: nil).start()
/// // write on one, then: phone.push(); account.deliverAll()
/// ```
///
/// Like iCloud: a device's writes before its first download (the first after an account switch too) are
/// discarded, and that download is reported as an initial sync; the account keeps the last write of each name to
/// arrive; a write over ``limits`` is refused and reported to its device as a quota violation; a device is not
/// told of its own writes.
///
/// A device outlives the syncs over it, as the system's copy of the store outlives an app's launches: release a
/// sync and make another over the same device to quit and start the app again, and `upload()` or `download()`
/// while no sync runs to model what the system does meanwhile (a device can quit before its first download).
/// ``Device/reportsAccount`` makes the token appear and go away (iCloud Drive switched on or off).
public final class InMemoryCloudAccount: Sendable {
    /// How the account behaves where Apple's documentation of `NSUbiquitousKeyValueStore` says nothing. A sync
    /// must not rest on any of these: test it under each value.
    public struct UndocumentedBehavior: Sendable, Hashable, CustomStringConvertible {
        /// Whether a device's first download (the first after a sign-in or an account switch too) is told to its
        /// observers as an initial sync. Apple documents the reason, not that one always comes.
        public var announcesInitialDownload: Bool
        /// Whether a write the account refused for its limits goes back to the account's value in the device's
        /// copy. Apple documents the quota violation notification, not what the device's copy holds then.
        public var revertsRefusedWrites: Bool
        /// Whether a device's copy keeps its values once signed out (the model's default: it holds nothing then).
        /// Apple documents that writes made while signed out are kept and reconciled with the next account, not
        /// what the store holds.
        public var keepsValuesWhenSignedOut: Bool

        /// The model's choices unless told otherwise: an announced first download, refused writes reverted, nothing
        /// held while signed out.
        public init(announcesInitialDownload: Bool = true, revertsRefusedWrites: Bool = true, keepsValuesWhenSignedOut: Bool = false) {
            self.announcesInitialDownload = announcesInitialDownload
            self.revertsRefusedWrites = revertsRefusedWrites
            self.keepsValuesWhenSignedOut = keepsValuesWhenSignedOut
        }

        /// Every combination of the choices, for a test that must pass under each.
        public static var allCombinations: [UndocumentedBehavior] {
            [false, true].flatMap { announces in
                [false, true].flatMap { reverts in
                    [false, true].map { keeps in
                        UndocumentedBehavior(announcesInitialDownload: announces, revertsRefusedWrites: reverts, keepsValuesWhenSignedOut: keeps)
                    }
                }
            }
        }

        public var description: String {
            "initial download \(announcesInitialDownload ? "announced" : "silent"), refused writes \(revertsRefusedWrites ? "reverted" : "kept"), signed out \(keepsValuesWhenSignedOut ? "keeps values" : "holds nothing")"
        }
    }

    /// What the account takes.
    public let limits: DefaultsCloudLimits
    /// The account's behaviour where Apple's documentation says nothing.
    public let undocumented: UndocumentedBehavior
    /// What tells this account from others: a device signed in to it reports `.signedIn(identifier)`.
    public let identifier = UUID().uuidString

    private struct Stored {
        var object: Any
        var size: Int
    }

    private struct Server {
        var values: [String: Stored] = [:]
        /// The version of the account's last change of each name (removals too), and who made it.
        var changes: [String: (version: UInt64, writer: ObjectIdentifier)] = [:]
        var version: UInt64 = 0
        var devices: [ObjectIdentifier: WeakDevice] = [:]
        var totalBytes: Int { values.values.reduce(0) { $0 + $1.size } }
    }

    private struct WeakDevice {
        weak var device: Device?
    }

    private let server = LockedState(Server())

    /// An empty account with `limits` (iCloud's unless given), behaving as `undocumented` says where Apple's
    /// documentation is silent.
    public init(limits: DefaultsCloudLimits = .iCloud, undocumented: UndocumentedBehavior = UndocumentedBehavior()) {
        self.limits = limits
        self.undocumented = undocumented
    }

    /// A new device signed in to this account, before its first download.
    public func makeDevice() -> Device {
        let device = Device(account: self)
        add(device)
        return device
    }

    /// The value the account holds under `name` (what a device gets on its next download), or `nil`.
    public func object(forKey name: String) -> Any? {
        server.withLock { $0.values[name]?.object }
    }

    /// The names the account holds values under, sorted.
    public var names: [String] {
        server.withLock { $0.values.keys.sorted() }
    }

    /// Uploads every device's writes and downloads every change to every device, again until nothing moves.
    /// - Returns: Whether anything moved.
    @discardableResult
    public func deliverAll() -> Bool {
        var movedAtAll = false
        while true {
            let devices = server.withLock { $0.devices.values.compactMap(\.device) }.sorted { $0.serial < $1.serial }
            var moved = false
            for device in devices where device.upload() { moved = true }
            for device in devices where device.download() { moved = true }
            guard moved else { return movedAtAll }
            movedAtAll = true
        }
    }

    // MARK: For devices

    fileprivate func remove(_ device: Device) {
        server.withLock { _ = $0.devices.removeValue(forKey: ObjectIdentifier(device)) }
    }

    fileprivate func add(_ device: Device) {
        server.withLock { $0.devices[ObjectIdentifier(device)] = WeakDevice(device: device) }
    }

    /// Applies `writes` from `writer` in order; returns the names refused for the account's limits.
    fileprivate func apply(_ writes: [(name: String, object: Any?)], from writer: ObjectIdentifier) -> [String] {
        server.withLock { server in
            var refused: [String] = []
            for (name, object) in writes {
                if let object {
                    let size = cloudStoredSize(name: name, object: object)
                    let isNew = server.values[name] == nil
                    let total = server.totalBytes - (server.values[name]?.size ?? 0) + size
                    guard name.utf8.count <= limits.nameBytes, size <= limits.valueBytes, total <= limits.totalBytes,
                          !isNew || server.values.count < limits.keyCount else {
                        refused.append(name)
                        continue
                    }
                    server.values[name] = Stored(object: object, size: size)
                } else {
                    server.values[name] = nil
                }
                server.version += 1
                server.changes[name] = (server.version, writer)
            }
            return refused
        }
    }

    /// The account's values, its version, and the names changed by others after `version`.
    fileprivate func snapshot(changedAfter version: UInt64, notBy reader: ObjectIdentifier) -> (values: [String: Any], version: UInt64, changed: [String]) {
        server.withLock { server in
            let changed = server.changes.filter { $0.value.version > version && $0.value.writer != reader }.map(\.key).sorted()
            return (server.values.mapValues(\.object), server.version, changed)
        }
    }

    fileprivate static let nextSerial = LockedState<UInt64>(0)
}

extension InMemoryCloudAccount {
    /// One device's copy of an ``InMemoryCloudAccount``: a ``DefaultsCloudStore`` for a ``DefaultsSync``.
    public final class Device: DefaultsCloudStore, Sendable {
        fileprivate let serial: UInt64

        private struct Replica {
            /// `nil` while signed out.
            var account: InMemoryCloudAccount?
            /// Whether the device tells which account it holds (``account``); `false` models a store that cannot.
            var reportsAccount = true
            var values: [String: Any] = [:]
            /// Writes not uploaded yet, in order.
            var outbox: [(name: String, object: Any?)] = []
            var seenVersion: UInt64 = 0
            var hasDownloaded = false
            var observers: [UInt64: @Sendable (DefaultsCloudChange) -> Void] = [:]
            var nextObserver: UInt64 = 0
            var writeCount = 0
            var synchronizeCount = 0
        }

        private let replica: LockedState<Replica>

        fileprivate init(account: InMemoryCloudAccount) {
            replica = LockedState(Replica(account: account))
            serial = InMemoryCloudAccount.nextSerial.withLock { serial in
                serial += 1
                return serial
            }
        }

        deinit {
            replica.withLock { $0.account }?.remove(self)
        }

        /// The limits of the device's account (iCloud's while signed out).
        public var limits: DefaultsCloudLimits { replica.withLock { $0.account?.limits ?? .iCloud } }

        /// The account the device is signed in to (`.unknown` after ``reportsAccount`` is set to `false`).
        public var account: DefaultsCloudAccount {
            replica.withLock { replica in
                guard replica.reportsAccount else { return .unknown }
                return replica.account.map { .signedIn($0.identifier) } ?? .signedOut
            }
        }

        /// Whether ``account`` says which account the device holds; `false` models a store that cannot tell (as an
        /// app that uses only iCloud's key-value store may not).
        public var reportsAccount: Bool {
            get { replica.withLock { $0.reportsAccount } }
            set { replica.withLock { $0.reportsAccount = newValue } }
        }

        /// The value this device's copy holds under `name`.
        public func object(forKey name: String) -> Any? {
            replica.withLock { $0.values[name] }
        }

        /// Writes `object` into this device's copy; the account gets it on ``upload()``.
        public func set(_ object: Any, forKey name: String) {
            replica.withLock { replica in
                replica.values[name] = object
                replica.outbox.append((name, object))
                replica.writeCount += 1
            }
        }

        /// Removes the value under `name` from this device's copy; the account hears of it on ``upload()``.
        public func removeObject(forKey name: String) {
            replica.withLock { replica in
                replica.values[name] = nil
                replica.outbox.append((name, nil))
                replica.writeCount += 1
            }
        }

        /// Counts the call (`synchronizeCount`, for tests through `@_spi(Testing)`); deliveries happen only when the
        /// test makes them. `false` while signed out, as iCloud's.
        @discardableResult
        public func synchronize() -> Bool {
            replica.withLock { replica in
                replica.synchronizeCount += 1
                return replica.account != nil
            }
        }

        /// Calls `handler` with each change this device downloads, on the thread that delivers it.
        public func observeChanges(_ handler: @escaping @Sendable (DefaultsCloudChange) -> Void) -> DefaultsCloudObservation {
            let id = replica.withLock { replica in
                replica.nextObserver += 1
                replica.observers[replica.nextObserver] = handler
                return replica.nextObserver
            }
            return DefaultsCloudObservation { [weak self] in
                self?.replica.withLock { _ = $0.observers.removeValue(forKey: id) }
            }
        }

        /// The number of live change observers: 0 once every sync over the device is stopped or released.
        @_spi(Testing) public var observerCount: Int { replica.withLock { $0.observers.count } }

        /// The number of writes and removals made on this device (what a sync sent to the cloud).
        @_spi(Testing) public var writeCount: Int { replica.withLock { $0.writeCount } }

        /// The number of ``synchronize()`` calls.
        @_spi(Testing) public var synchronizeCount: Int { replica.withLock { $0.synchronizeCount } }

        /// Whether writes wait for ``upload()``.
        @_spi(Testing) public var hasPendingUploads: Bool { replica.withLock { !$0.outbox.isEmpty } }

        /// Sends this device's writes to the account, in the order they were made. Before the device's first
        /// download, nothing is sent (as with iCloud, those writes are discarded by that download). A write over
        /// the account's limits is refused: the device's copy goes back to the account's value (if the account's
        /// ``UndocumentedBehavior/revertsRefusedWrites``), and the device is told of a quota violation.
        /// - Returns: Whether anything was sent.
        @discardableResult
        public func upload() -> Bool {
            let (account, writes) = replica.withLock { replica in
                guard replica.hasDownloaded, replica.account != nil else { return (replica.account, [(name: String, object: Any?)]()) }
                defer { replica.outbox = [] }
                return (replica.account, replica.outbox)
            }
            guard let account, !writes.isEmpty else { return false }
            let refused = account.apply(writes, from: ObjectIdentifier(self))
            if !refused.isEmpty, account.undocumented.revertsRefusedWrites {
                let values = refused.map { account.object(forKey: $0) }
                replica.withLock { replica in
                    for (name, value) in zip(refused, values) where !replica.outbox.contains(where: { $0.name == name }) {
                        replica.values[name] = value
                    }
                }
            }
            if !refused.isEmpty {
                tell(DefaultsCloudChange(reason: .quotaViolation, names: Array(Set(refused)).sorted()))
            }
            return true
        }

        /// Receives the account's changes made by other devices since the last download. The first download
        /// brings every value, discards writes not yet uploaded, and is reported as an initial sync (if the
        /// account's ``UndocumentedBehavior/announcesInitialDownload``).
        /// - Returns: Whether anything changed on this device.
        @discardableResult
        public func download() -> Bool {
            guard let account = replica.withLock({ $0.account }) else { return false }
            let (hasDownloaded, seen) = replica.withLock { ($0.hasDownloaded, $0.seenVersion) }
            let snapshot = account.snapshot(changedAfter: seen, notBy: ObjectIdentifier(self))
            let change: DefaultsCloudChange? = replica.withLock { replica in
                replica.seenVersion = snapshot.version
                guard hasDownloaded else {
                    let discarded = replica.outbox.map(\.name)
                    replica.hasDownloaded = true
                    replica.outbox = []
                    replica.values = snapshot.values
                    guard account.undocumented.announcesInitialDownload else { return nil }
                    return DefaultsCloudChange(reason: .initialSync, names: Set(snapshot.values.keys).union(discarded).sorted())
                }
                // A name with a write waiting to go up keeps that write: the account gets it on the next upload.
                let changed = snapshot.changed.filter { name in !replica.outbox.contains { $0.name == name } }
                for name in changed { replica.values[name] = snapshot.values[name] }
                return changed.isEmpty ? nil : DefaultsCloudChange(reason: .serverChange, names: changed)
            }
            guard let change else { return !hasDownloaded }
            tell(change)
            return true
        }

        /// Signs this device in to `other` (`nil`: signs it out): its copy becomes that account's values (signed
        /// out: nothing, or what it held if the account's ``UndocumentedBehavior/keepsValuesWhenSignedOut``; writes
        /// not uploaded are lost), and a running sync over it is told of an account change. A
        /// switch while no sync runs is told to no one, as when a person switches accounts in Settings while the
        /// app is not running: the sync finds out at its next start, from ``account`` or from what the copy holds.
        ///
        /// As with iCloud, which makes an initial download after an account switch, the device's next
        /// ``download()`` is a first download again: it discards the writes made since the switch and is reported
        /// as an initial sync (if the account's ``UndocumentedBehavior/announcesInitialDownload``).
        ///
        /// - Parameter loading: Whether the new account's values are still loading: the copy is empty until that
        ///   download, as iCloud's may be while its initial load after a sign-in is in progress.
        public func switchAccount(to other: InMemoryCloudAccount?, loading: Bool = false) {
            let old = replica.withLock { $0.account }
            old?.remove(self)
            other?.add(self)
            let snapshot = other?.snapshot(changedAfter: .max, notBy: ObjectIdentifier(self))
            let keepsValues = old?.undocumented.keepsValuesWhenSignedOut ?? false
            let names = replica.withLock { replica in
                let names = Set(replica.values.keys).union(snapshot?.values.keys ?? [:].keys)
                replica.account = other
                if other != nil || !keepsValues { replica.values = loading ? [:] : snapshot?.values ?? [:] }
                replica.outbox = []
                replica.seenVersion = snapshot?.version ?? 0
                replica.hasDownloaded = false
                return names.sorted()
            }
            tell(DefaultsCloudChange(reason: .accountChange, names: names))
        }

        private func tell(_ change: DefaultsCloudChange) {
            let observers = replica.withLock { $0.observers.sorted { $0.key < $1.key }.map(\.value) }
            for observer in observers { observer(change) }
        }
    }
}
