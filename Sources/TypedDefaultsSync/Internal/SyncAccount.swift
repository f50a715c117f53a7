import Foundation
import TypedDefaults

/// Which account a sync's stamps belong to, told apart on evidence only, so that an account change made while the
/// app was not running is noticed, and the same person is never taken for another one.
///
/// The evidence, like compared with like:
/// - **the token**: the cloud store's ``DefaultsCloudStore/account`` against the one remembered
///   (``AccountRecord/token``); another token is another account (unless the confirmed marker is in the store:
///   Apple compares tokens with `isEqual(_:)`, and only their archives are compared here), the same token the same
///   account;
/// - **this device's marker**, where the token cannot be compared (none now, or none remembered): a key of the
///   device's own in the cloud store (``markerPrefix`` + a random identifier, a new one for each account), written
///   when a change notification reaches the device (its initial download has begun or is done, and a write then is
///   not one iCloud discards as made before it). An account change replaces the store's contents with the new
///   account's, so a confirmed marker gone from a store that holds synced values, at a start, after an initial
///   download or at an account change notification, means another account. Gone from a store that holds none of
///   them, the store may still be loading (after a sign-in), or be signed out (`.iCloud` reports no token then): a
///   start or an account change notification doubts, and the next download decides; never a reset.
///
/// Nothing else is: a token that appeared or went away, another device's marker, a download that discarded a
/// write, a server change (it never comes from another account: a marker it removed, as when the app's iCloud data
/// is cleared, is written again). A start that remembers an account but can compare nothing (a token gone, no
/// marker confirmed yet) doubts: local values and writes stay, nothing is pushed or taken, until the first change
/// notification or for the rest of the launch; no later start doubts of that account again (``AccountRecord/doubted``),
/// so a device alone on its account still pushes.
struct SyncAccount {
    static let markerPrefix = "TypedDefaults.account."

    /// What a check finds.
    enum Finding: Equatable {
        /// The account the stamps belong to (or the first one known): resolve as usual.
        case same
        /// Another account than the stamps': its values win, nothing is pushed into it.
        case changed
        /// No account: nothing is pushed, local values stay; what is remembered stays for the next sign-in.
        case signedOut
        /// Nothing to compare: nothing is pushed or taken until a change notification (``AccountRecord/inDoubt``).
        case inDoubt
    }

    private enum Evidence {
        case same, changed, signedOut, none
        /// The confirmed marker is not in the store, and neither is any synced key: the store may still be loading
        /// (after a sign-in), or hold an account with nothing of the app's.
        case missing
    }

    let engine: SyncEngine

    /// At the start, once the suites can be read: compares the account with what the suites remember.
    func checkAtStart() -> Finding {
        let records = engine.stores.map { AccountRecord(stored: $0.storage.object(forKey: SyncEngine.accountName)) }
        let (record, tokens) = AccountRecord.merged(records)
        engine.state.withLock { $0.account = record }
        let current = currentAccount()
        var updated = record
        let finding: Finding
        switch evidence(record, tokens: tokens, current: current, updating: &updated) {
        case .signedOut: return .signedOut
        case .changed: return .changed
        case .same: finding = .same
        case .none: finding = record.remembersAnAccount && !record.doubted && !record.inDoubt ? .inDoubt : .same
        // Gone from a store that holds nothing synced: still loading, signed out (`.iCloud` reports no token then),
        // or an empty account. No evidence of another account, so no reset: the doubt lasts until a download decides.
        case .missing: finding = .inDoubt
        }
        updated.inDoubt = finding == .inDoubt
        updated.doubted = record.doubted || finding == .inDoubt
        if case .signedIn(let token) = current { updated.token = token }
        remember(updated)
        return finding
    }

    /// A download reached the device: a first one (`initial`, which may have replaced the store with another
    /// account's) or another device's change. The device's marker is written if the store lacks it: it lasts now.
    func downloaded(initial: Bool) -> Finding {
        let record = engine.state.withLock { $0.account }
        let current = currentAccount()
        var updated = record
        // A server change never comes from another account, unless the start was waiting for the store to load.
        if initial || record.inDoubt {
            switch evidence(record, tokens: Set([record.token].compactMap { $0 }), current: current, updating: &updated) {
            case .changed, .missing: return .changed
            case .signedOut: return .signedOut
            case .same, .none: break
            }
        }
        writeMarker(updating: updated, current: current)
        return .same
    }

    /// Writes the device's marker if the store lacks it, after a download: iCloud keeps what is written then.
    func writeMarkerAfterDownload() {
        writeMarker(updating: engine.state.withLock { $0.account }, current: currentAccount())
    }

    private func writeMarker(updating record: AccountRecord, current: DefaultsCloudAccount) {
        var updated = record
        let marker = updated.marker ?? UUID().uuidString
        if WriteOrder.callingOut({ engine.cloud.object(forKey: Self.markerPrefix + marker) }) == nil {
            let written = Date().timeIntervalSince1970
            WriteOrder.callingOut { engine.cloud.set(written, forKey: Self.markerPrefix + marker) }
        }
        // Back on an account it was on before: its marker of then is its own, and stale.
        for former in updated.formerMarkers where former != marker
            && WriteOrder.callingOut({ engine.cloud.object(forKey: Self.markerPrefix + former) }) != nil {
            WriteOrder.callingOut { engine.cloud.removeObject(forKey: Self.markerPrefix + former) }
        }
        updated.marker = marker
        updated.confirmed = true
        updated.inDoubt = false
        if case .signedIn(let token) = current { updated.token = token }
        remember(updated)
    }

    /// The store says another account signed in (or out): the same evidence decides; with none, the store's word.
    /// A confirmed marker gone from a store that holds nothing synced is no evidence (a sign-out that the store
    /// reports as no token, as `.iCloud` does, or a store still loading): a doubt until a download decides, never a
    /// reset.
    func accountChanged() -> Finding {
        let record = engine.state.withLock { $0.account }
        let current = currentAccount()
        var updated = record
        switch evidence(record, tokens: Set([record.token].compactMap { $0 }), current: current, updating: &updated) {
        case .signedOut: return .signedOut
        case .missing:
            updated.inDoubt = true
            remember(updated)
            return .inDoubt
        case .changed, .none: return .changed
        case .same:
            updated.inDoubt = false
            if case .signedIn(let token) = current { updated.token = token }
            remember(updated)
            return .same
        }
    }

    /// After the sync took another account's values: that account is remembered, with no marker in it yet (one is
    /// written after its next download). Returns whether no account is signed in.
    func adopted() -> Bool {
        let current = currentAccount()
        if case .signedOut = current { return true }
        let previous = engine.state.withLock { $0.account }
        var record = AccountRecord()
        record.formerMarkers = Array((previous.formerMarkers + [previous.marker].compactMap { $0 }).suffix(AccountRecord.formerMarkerLimit))
        if case .signedIn(let token) = current { record.token = token }
        remember(record)
        return false
    }

    /// The cloud refused writes for its limits: a marker refused is not in the account, so it proves nothing.
    func quotaRefused(_ names: [String]) {
        let record = engine.state.withLock { $0.account }
        guard let marker = record.marker, record.confirmed, names.isEmpty || names.contains(Self.markerPrefix + marker),
              WriteOrder.callingOut({ engine.cloud.object(forKey: Self.markerPrefix + marker) }) == nil else { return }
        var updated = record
        updated.confirmed = false
        remember(updated)
    }

    /// What the evidence says of `record` against the store now; `updated` forgets a confirmation the store no
    /// longer bears out where the token vouches for the account.
    private func evidence(_ record: AccountRecord, tokens: Set<String>, current: DefaultsCloudAccount,
                          updating updated: inout AccountRecord) -> Evidence {
        if case .signedOut = current { return .signedOut }
        let markerPresent = record.marker.map { marker in
            WriteOrder.callingOut { engine.cloud.object(forKey: Self.markerPrefix + marker) } != nil
        }
        if case .signedIn(let token) = current, !tokens.isEmpty {
            if tokens.contains(where: { $0 != token }) {
                // Apple compares tokens with `isEqual(_:)`, not by their archives: the confirmed marker, made for
                // one account only, outweighs an archive that changed form.
                return record.confirmed && markerPresent == true ? .same : .changed
            }
            // The same account by its token: a marker it lacks is written again after the next download, and
            // proves nothing until then.
            if markerPresent == false { updated.confirmed = false }
            return .same
        }
        guard let markerPresent, record.confirmed else { return .none }
        if markerPresent { return .same }
        // Replaced by another account's values, or not loaded yet: any synced key there tells.
        let cloud = engine.cloud
        let holdsSyncedValues = engine.names.contains { name in
            name.utf8.count <= engine.limits.nameBytes && WriteOrder.callingOut { cloud.object(forKey: name) } != nil
        }
        return holdsSyncedValues ? .changed : .missing
    }

    private func currentAccount() -> DefaultsCloudAccount {
        let cloud = engine.cloud
        return WriteOrder.callingOut { cloud.account }
    }

    private func remember(_ record: AccountRecord) {
        engine.state.withLock { $0.account = record }
        for store in engine.stores where AccountRecord(stored: store.storage.object(forKey: SyncEngine.accountName)) != record {
            store.suite.storeUntold(record.stored, name: SyncEngine.accountName)
        }
    }
}
