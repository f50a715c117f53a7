/// Which keys with App Intents get an `AppShortcut` in the provider the reference offers to paste.
///
/// Apple allows an app at most 10 App Shortcuts (the `AppShortcutsProvider`'s `appShortcuts`), and the app's own
/// shortcuts share that budget, so the reference offers fewer by default (`"appShortcuts"` at the top level, 0 to
/// 10). Keys with `"shortcut": true` come first, then the other keys with intents in schema order, while there is
/// room; `"shortcut": false` never gets one. The rest are listed as intents only: Shortcuts still offers them.
package enum AppShortcutChoice {
    /// Apple's limit per app.
    package static let appleLimit = 10
    /// What the reference offers unless the schema says otherwise: half of Apple's budget.
    package static let defaultLimit = 5

    /// The identifiers of the keys offered an `AppShortcut`, in the provider's order, and of those left as intents
    /// only, in schema order, from the keys with intents in schema order.
    package static func choose(_ keys: [KeyDeclaration], limit: Int) -> (offered: [String], intentsOnly: [String]) {
        let asked = keys.filter { $0.shortcut == true }
        let rest = keys.filter { $0.shortcut == nil }
        let offered = (asked + rest).prefix(limit).map(\.identifier)
        let intentsOnly = keys.map(\.identifier).filter { !offered.contains($0) }
        return (Array(offered), intentsOnly)
    }
}
