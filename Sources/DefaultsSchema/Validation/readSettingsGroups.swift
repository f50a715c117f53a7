import DefaultsFormats

extension SchemaValidator {
    /// One group of a settings screen as read: its title, footer, entries (in order) and where it is written.
    struct ReadSettingsGroup<Entry> {
        var title: String?
        var footer: String?
        var entries: [Entry]
        var location: SchemaLocation
    }

    /// Reads the groups of `settingsBundle` or `settingsView` (`{"title", "footer", "keys"}`): every entry of `keys`
    /// must name a key of the schema, once across the groups; `entry` then turns the key into what the screen shows,
    /// or reports why it cannot and returns `nil`. `groupName` and `screen` name them in messages ("settings group",
    /// "settings bundle").
    func readSettingsGroups<Entry>(
        _ groupNodes: [JSONNode], keys: [KeyDeclaration], groupName: String, screen: String, diagnostics: inout Diagnostics,
        entry: (_ key: KeyDeclaration, _ name: String, _ location: SchemaLocation, _ diagnostics: inout Diagnostics) -> Entry?
    ) -> [ReadSettingsGroup<Entry>] {
        let keysByName = Dictionary(keys.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        var firstUse: [String: SchemaLocation] = [:]
        var groups: [ReadSettingsGroup<Entry>] = []
        for groupNode in groupNodes {
            guard case .object(let fields) = groupNode.value else {
                diagnostics.error(groupNode.location, Messages.SettingsScreens.settingsGroupNotAnObject())
                continue
            }
            var group = ReadSettingsGroup<Entry>(title: nil, footer: nil, entries: [], location: groupNode.location)
            var keysNode: JSONNode?
            for field in fields {
                switch field.name {
                case "title": group.title = string(field.node, field: "title", diagnostics: &diagnostics)
                case "footer": group.footer = string(field.node, field: "footer", diagnostics: &diagnostics)
                case "keys": keysNode = field.node
                default: diagnostics.error(field.nameLocation, unknownFieldMessage(field.name, in: "a \(groupName)", allowed: Self.settingsGroupFields))
                }
            }
            guard let keysNode, case .array(let names) = keysNode.value else {
                diagnostics.error(keysNode?.location ?? groupNode.location,
                                  Messages.SettingsScreens.settingsGroupWithoutKeys(groupName: groupName))
                continue
            }
            for nameNode in names {
                guard case .string(let name) = nameNode.value else {
                    let kind = nameNode.value.kindDescription
                    let message = Messages.SettingsScreens.settingsGroupEntryNotAName(kind: kind)
                    diagnostics.error(nameNode.location, message)
                    continue
                }
                guard let key = keysByName[name] else {
                    if familyNames?.contains(name) == true {
                        reportFamilyInSettings(name, screen: screen, at: nameNode.location, diagnostics: &diagnostics)
                        continue
                    }
                    let likely = suggestion(for: name, among: keys.map(\.identifier))
                    let message = Messages.SettingsScreens.unknownKeyInSettingsGroup(name, suggestion: likely)
                    diagnostics.error(nameNode.location, message)
                    continue
                }
                if let first = firstUse[name] {
                    let message = Messages.SettingsScreens.keyShownTwice(name, screen: screen, firstAt: first)
                    diagnostics.error(nameNode.location, message)
                    continue
                }
                firstUse[name] = nameNode.location
                if let made = entry(key, name, nameNode.location, &diagnostics) { group.entries.append(made) }
            }
            groups.append(group)
        }
        return groups
    }
}
