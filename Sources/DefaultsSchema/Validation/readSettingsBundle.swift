import DefaultsFormats

extension SchemaValidator {
    /// The fields of `settingsBundle` and of one of its groups.
    package static let settingsBundleFields = ["groups"]
    package static let settingsGroupFields = ["title", "footer", "keys"]

    /// Reads `settingsBundle`: groups of keys that the iOS Settings app can show (each key once).
    func readSettingsBundle(_ node: JSONNode, keys: [KeyDeclaration], enums: [String: EnumDeclaration], schemaSuite: String?,
                            diagnostics: inout Diagnostics) -> SettingsBundleDeclaration? {
        guard case .object(let members) = node.value else {
            diagnostics.error(node.location, Messages.SettingsScreens.settingsBundleNotAnObject())
            return nil
        }
        var groupsNode: JSONNode?
        for member in members {
            if member.name == "groups" { groupsNode = member.node } else {
                diagnostics.error(member.nameLocation, unknownFieldMessage(member.name, in: "\"settingsBundle\"", allowed: Self.settingsBundleFields))
            }
        }
        guard let groupsNode, case .array(let groupNodes) = groupsNode.value, !groupNodes.isEmpty else {
            diagnostics.error(groupsNode?.location ?? node.location,
                              Messages.SettingsScreens.settingsBundleGroupsNotNonEmptyArray())
            return nil
        }
        let read = readSettingsGroups(groupNodes, keys: keys, groupName: "settings group", screen: "settings bundle",
                                      diagnostics: &diagnostics) { key, name, location, diagnostics -> String? in
            if let problem = Self.settingsAppSuiteProblem(of: key, shownAs: name) {
                diagnostics.error(location, problem)
                return nil
            }
            guard SettingsAppControl.forKey(key, enums: enums) != nil else {
                diagnostics.error(location, Messages.SettingsScreens.settingsAppCannotShow(name, type: key.type))
                return nil
            }
            if key.managed {
                // A warning, not an error: schemas accepted before keep building.
                diagnostics.warning(location, Messages.SettingsScreens.managedKeyInSettingsBundle(name))
            }
            return name
        }
        let keysByName = Dictionary(keys.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        let groups = read.map { (group: SettingsBundleDeclaration.Group(title: $0.title, footer: $0.footer, keys: $0.entries), location: $0.location) }
        warnOfUntitledPanes(groups, keys: keysByName, schemaSuite: schemaSuite, diagnostics: &diagnostics)
        return SettingsBundleDeclaration(groups: groups.map(\.group))
    }
}
