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
            diagnostics.warning(location, """
                "keyPrefix" "\(keyPrefix.text)" puts '.' or '@' in the names of keys in the app group "\(firstSuite)": changes \
                that other processes (a widget, an extension) make to them cannot be observed on Apple platforms; use \
                "\(Self.observable(keyPrefix.text))", and list each old name in "renamedFrom" to keep users' values
                """)
        }
        // A name given with "key" is stored exactly; others begin with the prefix, warned of once above.
        for (key, suite) in shared where Self.isUnobservable(key.isStoredNameExplicit ? key.storedName : String(key.storedName.dropFirst(keyPrefix.text.count))) {
            diagnostics.warning(key.storedNameLocation, """
                "\(key.storedName)" lives in the app group "\(suite)" but holds '.' or '@': changes that other processes \
                (a widget, an extension) make to it cannot be observed on Apple platforms; store it as \
                "\(Self.observable(key.storedName))" ("key"), and list "\(key.storedName)" in "renamedFrom" to keep users' values
                """)
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
