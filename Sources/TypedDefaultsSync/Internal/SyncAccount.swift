import Foundation
import TypedDefaults

/// Which account a sync's stamps belong to, decided on evidence only; where there is none, an *epoch* keeps one
/// person's settings out of another person's iCloud without losing any local value.
///
/// Without a token, "this device's marker is gone" arises alike from an account switch, a sign-out and sign-in,
/// Clear iCloud Data, a quota refusal, and an initial download that discarded a marker written before it: "the
/// same account" can be decided (the marker present: the store was not replaced since it was written), "another
/// account" never can. So:
/// - **the token**: the cloud store's ``DefaultsCloudStore/account`` against the one remembered
///   (``AccountRecord/token``). Another token is another account (unless the marker is in the store: Apple
///   compares tokens with `isEqual(_:)`, and only their archives are compared here): its values win, keys it lacks
///   reset. The same token is the same account.
/// - **this device's marker**, where no token can be compared: a key of the device's own in the cloud store
///   (``markerPrefix`` + a random identifier, a new one for each epoch), written at once and again after any
///   download that left the store without it. Present, it proves the store was not replaced since it was written:
///   the same account.
/// - **nothing to compare** (the marker gone, or never written, with an account remembered): a new epoch. Local
///   values stay, the newer write wins as usual for what the cloud holds, but nothing stamped before the epoch is
///   ever pushed: a write made since goes up, an earlier one (perhaps another person's) stays on this device. Never
///   a reset.
///
/// A download or a server change is never evidence: it never comes from another account (an account change comes
/// with its own notification, and a switch while the app is not running is found at the next start).
struct SyncAccount {
    static let markerPrefix = "TypedDefaults.account."

    /// What a check finds.
    enum Finding: Equatable {
        /// The account the stamps belong to (or the first one known): resolve as usual.
        case same
        /// Another account than the stamps', by its token: its values win, nothing is pushed into it.
        case changed
        /// No account: nothing is pushed, local values stay; what is remembered stays for the next sign-in.
        case signedOut
        /// Nothing to compare: a new epoch began (``AccountRecord/epoch``); resolve as usual.
        case newEpoch
    }

    let engine: SyncEngine

    /// At the start, once the suites can be read: compares the account with what the suites remember.
    func checkAtStart() -> Finding {
        let records = engine.stores.map { AccountRecord(stored: $0.storage.object(forKey: SyncEngine.accountName)) }
        let (record, tokens) = AccountRecord.merged(records)
        engine.state.withLock { state in
            state.account = record
            state.epoch = record.epoch ?? -.infinity
        }
        return settle(record, tokens: tokens)
    }

    /// The store says another account signed in (or out): the same evidence decides.
    func accountChanged() -> Finding {
        let record = engine.state.withLock { $0.account }
        return settle(record, tokens: Set([record.token].compactMap { $0 }))
    }

    /// A download reached the device: the marker is written again if the store lacks it (an initial download
    /// discards what was written before it; Clear iCloud Data removes it).
    func downloaded() {
        let record = engine.state.withLock { $0.account }
        let current = currentAccount()
        guard record.marker != nil, current != .signedOut else { return }
        // Another token than the one remembered: the account change's own report (or the next start) decides; a
        // marker or token written before it would make the other account pass for this one.
        if case .signedIn(let token) = current, let remembered = record.token, token != remembered { return }
        remember(writingMarker(of: record, current: current))
    }

    /// After the sync took another account's values: an epoch begins in it, with a marker of its own. Returns
    /// whether no account is signed in.
    func adopted() -> Bool {
        let current = currentAccount()
        if case .signedOut = current { return true }
        let previous = engine.state.withLock { $0.account }
        var record = previous.beginningEpoch(at: engine.beginEpoch())
        record.token = nil
        remember(writingMarker(of: record, current: current))
        return false
    }

    /// Decides on `record` against the store now, and remembers what follows: the token, the marker written, an
    /// epoch begun.
    private func settle(_ record: AccountRecord, tokens: Set<String>) -> Finding {
        let current = currentAccount()
        if case .signedOut = current { return .signedOut }
        let markerPresent = record.marker.map(isInStore) ?? false
        let finding: Finding
        if case .signedIn(let token) = current, !tokens.isEmpty {
            // Apple compares tokens with `isEqual(_:)`, not by their archives: the marker, made for one account
            // only, outweighs an archive that changed form.
            finding = tokens.contains(where: { $0 != token }) && !markerPresent ? .changed : .same
        } else if markerPresent || !record.remembersAnAccount {
            finding = .same
        } else {
            finding = .newEpoch
        }
        switch finding {
        case .changed, .signedOut: break
        case .same:
            // The first account known: values stored before the sync first ran belong to it, so no epoch.
            var kept = record
            if kept.marker == nil { kept.marker = UUID().uuidString }
            remember(writingMarker(of: kept, current: current))
        case .newEpoch:
            // Kept in memory only until ``persistEpoch()``: the suites get the epoch after the stamps the start
            // holds back, so that a launch killed in between never finds the epoch without them (it would take a
            // held-back value's older stamp for a write made since, and push it).
            let updated = writingMarker(of: record.beginningEpoch(at: engine.beginEpoch()), current: current)
            engine.state.withLock { $0.account = updated }
        }
        return finding
    }

    /// After the resolution that follows a new epoch: saves the stamps it changed, then the epoch.
    func persistEpoch() {
        engine.saveChangedStamps()
        remember(engine.state.withLock { $0.account })
    }

    /// Writes the record's marker if the store lacks it, removes the device's former markers the store holds, and
    /// takes the token the store reports.
    private func writingMarker(of record: AccountRecord, current: DefaultsCloudAccount) -> AccountRecord {
        var updated = record
        guard let marker = record.marker else { return updated }
        let cloud = engine.cloud
        if !isInStore(marker) {
            let written = Date().timeIntervalSince1970
            WriteOrder.callingOut { cloud.set(written, forKey: Self.markerPrefix + marker) }
        }
        for former in updated.formerMarkers where former != marker && isInStore(former) {
            WriteOrder.callingOut { cloud.removeObject(forKey: Self.markerPrefix + former) }
        }
        if case .signedIn(let token) = current { updated.token = token }
        return updated
    }

    private func isInStore(_ marker: String) -> Bool {
        let cloud = engine.cloud
        return WriteOrder.callingOut { cloud.object(forKey: Self.markerPrefix + marker) } != nil
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
