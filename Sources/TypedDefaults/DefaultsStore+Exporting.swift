import Foundation

extension DefaultsExport {
    /// Which values ``DefaultsStore/exportSettings(_:families:including:schemaRelease:)`` carries.
    public enum Scope: Sendable, Hashable {
        /// The values the person set, as the suites store them (never a launch argument or a default).
        case valuesSet
        /// Every key's current value, defaults included.
        case everyValue
    }
}

extension DefaultsStore {
    /// The person's settings among `keys` (a schema's `DefaultsKeys.<KeyList>.all`), ready to write to a file.
    ///
    /// Only portable keys travel (``DefaultsKeys/isPortable``): a key declared `portable: false` (caches, window
    /// state, tokens), a `UUID` key and a file URL value unless declared portable, and never a value an
    /// administrator forces now (the person's own value beneath it travels, if they set one). Each value is
    /// exported under the name it is stored under: a value an older release stored under a former name is carried
    /// as it is, and the import migrates it as a read would. Reads Foundation; holds no lock of ours meanwhile.
    ///
    /// - Parameters:
    ///   - keys: The keys to consider; keys of other suites are read where they live.
    ///   - families: Key families whose stored members travel too, if declared portable
    ///     (``DefaultsKeyFamilies/isPortable``; a schema's `DefaultsKeys.<KeyList>.families`).
    ///   - scope: The values set (the default), or every key's current value.
    ///   - schemaRelease: The newest release recorded for the schema (`DefaultsKeys.<KeyList>.latestRelease`).
    public func exportSettings(_ keys: [DefaultsKeys], families: [DefaultsKeyFamilies] = [],
                               including scope: DefaultsExport.Scope = .valuesSet, schemaRelease: String? = nil) -> DefaultsExport {
        let keys = keys + families.filter(\.isPortable).flatMap { $0.storedMemberKeys(in: self) }
        var storedBySuite: [ObjectIdentifier: [String: Any]] = [:]
        func stored(in store: DefaultsStore) -> [String: Any] {
            let id = ObjectIdentifier(store.suite)
            if let objects = storedBySuite[id] { return objects }
            let objects = store.suite.storedObjects()
            storedBySuite[id] = objects
            return objects
        }
        var settings: [DefaultsExport.Setting] = []
        var seen: Set<String> = []
        for key in keys where key.isPortable {
            let home = store(for: key)
            let found: (name: String, suite: String?, object: Any)?
            switch scope {
            case .valuesSet:
                found = storedValue(of: key, in: home, stored: stored)
            case .everyValue:
                if key.isForced(in: home) {
                    found = stored(in: home)[key.name].map { (key.name, key.suiteName, $0) }
                } else {
                    found = key.currentObject(in: home).map { (key.name, key.suiteName, $0) }
                }
            }
            guard let found, key.declaredPortable == true || !key.holdsFileURL(found.object),
                  let value = PortableValue(storedObject: key.fileObject(fromStored: found.object)) else { continue }
            let suite = found.suite
            guard seen.insert((suite ?? "") + "\u{0}" + found.name).inserted else { continue }
            settings.append(DefaultsExport.Setting(name: found.name, suite: suite, value: value))
        }
        let info = Bundle.main.infoDictionary
        return DefaultsExport(app: Bundle.main.bundleIdentifier, appVersion: info?["CFBundleShortVersionString"] as? String,
                              schemaRelease: schemaRelease, date: Date(), settings: settings)
    }

    /// The value the person stored for `key`: under its name, else under the first former place a read would
    /// migrate from.
    private func storedValue(of key: DefaultsKeys, in home: DefaultsStore,
                             stored: (DefaultsStore) -> [String: Any]) -> (name: String, suite: String?, object: Any)? {
        if let object = stored(home)[key.name] { return (key.name, key.suiteName, object) }
        for place in key.formerPlaces {
            guard let formerStore = home.formerStore(place.suite, ofKeyIn: key.suiteName) else { continue }
            if let object = stored(formerStore)[place.name] { return (place.name, place.suite.suiteName(ofKeyIn: key.suiteName), object) }
        }
        return nil
    }
}
