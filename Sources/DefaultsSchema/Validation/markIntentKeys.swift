import DefaultsFormats

extension SchemaValidator {
    /// Marks the keys with App Intents (`"intents"`) once their types are known, and refuses what App Intents cannot
    /// take: a type no parameter fits, writes of a managed key (an administrator's value would ignore them), a
    /// deprecated key (its intents would warn wherever they compile).
    func markIntentKeys(_ keys: inout [KeyDeclaration], rawKeys: [RawKey], enums: [String: EnumDeclaration], appShortcuts: Int,
                        diagnostics: inout Diagnostics) {
        // Only what this reads, of the keys that have it: a raw key is large, and few keys have intents.
        let rawByIdentifier = Dictionary(rawKeys.compactMap { raw in
            raw.intents == nil && raw.shortcut == nil ? nil : (raw.identifier, (intents: raw.intents, shortcut: raw.shortcut))
        }, uniquingKeysWith: { first, _ in first })
        guard !rawByIdentifier.isEmpty else { return }
        let appGroups = Set(keys.compactMap(\.suite).filter(AppGroupName.isAppGroup)).sorted()
        var inStandardSuite: [(name: String, location: SchemaLocation)] = []
        var askedForShortcuts: [(name: String, location: SchemaLocation)] = []
        for index in keys.indices {
            if let raw = rawByIdentifier[keys[index].identifier], let shortcut = raw.shortcut {
                if raw.intents == nil {
                    diagnostics.error(shortcut.location, Messages.Intents.shortcutWithoutIntents(keys[index].identifier))
                } else {
                    keys[index].shortcut = shortcut.value
                    if shortcut.value { askedForShortcuts.append((keys[index].identifier, shortcut.location)) }
                }
            }
            guard let raw = rawByIdentifier[keys[index].identifier], let (access, location) = raw.intents else { continue }
            let key = keys[index]
            if key.managed, access == .readWrite {
                diagnostics.error(location, Messages.Intents.writeOfManagedKey(key.identifier))
                continue
            }
            if key.deprecationMessage != nil {
                diagnostics.error(location, Messages.Intents.deprecatedKey(key.identifier))
                continue
            }
            switch IntentValue.forKey(key, access: access, enums: enums) {
            case .failure(.type(let type)):
                diagnostics.error(location, Messages.Intents.unsupportedType(key.identifier, type: type))
            case .failure(.writeOfUUID):
                diagnostics.error(location, Messages.Intents.writeOfUUID(key.identifier))
            case .success:
                keys[index].intents = access
                if access == .readWrite, key.suite == nil, key.swiftSuite == nil { inStandardSuite.append((key.identifier, location)) }
            }
        }
        for asked in askedForShortcuts.dropFirst(appShortcuts) {
            diagnostics.error(asked.location, Messages.Intents.tooManyShortcuts(asked.name, asked: askedForShortcuts.count, limit: appShortcuts))
        }
        // An intent may run in an extension's process, whose standard suite is its own: said once, at the first.
        if let group = appGroups.first, let first = inStandardSuite.first {
            diagnostics.warning(first.location, Messages.Intents.standardSuiteBesideAppGroups(inStandardSuite.map(\.name), appGroup: group))
        }
    }
}
