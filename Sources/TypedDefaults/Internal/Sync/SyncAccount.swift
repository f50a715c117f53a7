import Foundation

/// Which account a sync's stamps belong to, remembered in each synced suite (``SyncEngine/accountName``), so that
/// an account change made while the app was not running (signing out and in to another Apple Account in Settings:
/// the usual way) is noticed at the next start, and one person's settings never go into another's iCloud.
///
/// The account is the cloud store's ``DefaultsCloudStore/account``; when the store cannot tell (`.unknown`), a
/// marker the sync keeps in the store itself (``markerName``, a random identifier written once per account):
/// iCloud's key-value store replaces its whole contents with the new account's on an account change, so another
/// marker than the one remembered, or none where one was remembered, is another account.
struct SyncAccount {
    /// The cloud store's name of the marker.
    static let markerName = "TypedDefaults.account"

    /// What a start finds.
    enum Finding: Equatable {
        /// The account the stamps belong to (or the first one known): resolve as usual.
        case same
        /// Another account than the stamps': its values win, nothing is pushed into it.
        case changed
        /// No account: nothing is pushed, local values stay; what is remembered stays for the next sign-in.
        case signedOut
    }

    let engine: SyncEngine

    /// At the start: compares the account with the one each suite remembers, then remembers it.
    func check() -> Finding {
        guard let current = currentIdentity() else { return .signedOut }
        let remembered = engine.stores.map { $0.storage.object(forKey: SyncEngine.accountName) as? String }
        remember(current)
        return remembered.contains { $0 != nil && $0 != current } ? .changed : .same
    }

    /// After an account change while running: remembers the new account.
    @discardableResult
    func rememberCurrent() -> Finding {
        guard let current = currentIdentity() else { return .signedOut }
        remember(current)
        return .same
    }

    /// The marker in the cloud store changed while the sync runs, with no account change reported: another device
    /// of the same account wrote its own (two first launches at once); it is remembered.
    func cloudMarkerChanged() {
        guard case .unknown = engine.cloud.account,
              let marker = WriteOrder.callingOut({ engine.cloud.object(forKey: Self.markerName) }) as? String else { return }
        remember("marker:" + marker)
    }

    /// The account now, as text (`nil`: signed out).
    private func currentIdentity() -> String? {
        let cloud = engine.cloud
        switch WriteOrder.callingOut({ cloud.account }) {
        case .signedIn(let identifier): return "account:" + identifier
        case .signedOut: return nil
        case .unknown:
            if let marker = WriteOrder.callingOut({ cloud.object(forKey: Self.markerName) }) as? String { return "marker:" + marker }
            let made = UUID().uuidString
            WriteOrder.callingOut { cloud.set(made, forKey: Self.markerName) }
            return "marker:" + made
        }
    }

    private func remember(_ identity: String) {
        for store in engine.stores where store.storage.object(forKey: SyncEngine.accountName) as? String != identity {
            store.suite.storeUntold(identity, name: SyncEngine.accountName)
        }
    }
}
