import DefaultsFormats

extension SchemaValidator {
    /// Warns of app-group keys (`group.…`, or a macOS team's `ABCDE12345.…`: ``AppGroupName``) whose stored names
    /// hold `.` or `@`. Apple platforms observe other processes' changes with key-value observing, whose key paths
    /// cannot hold those characters, so what a widget or an extension writes under such a name never reaches this
    /// process's observers. A `keyPrefix` to blame gets one warning; a key's own name, one each.
    func warnOfUnobservableAppGroupNames(_ keys: [RawKey], schemaSuite: String?, keyPrefix: (text: String, location: SchemaLocation?),
                                         diagnostics: inout Diagnostics) {
        let shared = keys.compactMap { key in (key.suite ?? schemaSuite).flatMap { AppGroupName.isAppGroup($0) ? (key, $0) : nil } }
        guard let (_, firstSuite) = shared.first(where: { Self.isUnobservable($0.0.storedName) }) else { return }
        if Self.isUnobservable(keyPrefix.text), let location = keyPrefix.location, shared.contains(where: { !$0.0.isStoredNameExplicit }) {
            let message = Messages.Schema.unobservableKeyPrefix(keyPrefix.text, appGroup: firstSuite,
                                                                observable: Self.observable(keyPrefix.text))
            diagnostics.warning(location, message)
        }
        // A name given with "key" is stored exactly; others begin with the prefix, warned of once above.
        for (key, suite) in shared where Self.isUnobservable(key.isStoredNameExplicit ? key.storedName : String(key.storedName.dropFirst(keyPrefix.text.count))) {
            let message = Messages.Keys.unobservableStoredName(key.storedName, appGroup: suite,
                                                               observable: Self.observable(key.storedName))
            diagnostics.warning(key.storedNameLocation, message)
        }
    }

    private static func isUnobservable(_ name: String) -> Bool {
        name.contains { $0 == "." || $0 == "@" }
    }

    /// `name` with `_` for each `.` and `@`.
    private static func observable(_ name: String) -> String {
        String(name.map { $0 == "." || $0 == "@" ? "_" : $0 })
    }
}
