extension SchemaValidator {
    /// The fields of `settingsBundle` and of one of its groups.
    package static let settingsBundleFields = ["groups"]
    package static let settingsGroupFields = ["title", "footer", "keys"]

    /// Reads `settingsBundle`: groups of keys that the iOS Settings app can show (each key once).
    func readSettingsBundle(_ node: JSONNode, keys: [KeyDeclaration], enums: [String: EnumDeclaration], schemaSuite: String?,
                            diagnostics: inout Diagnostics) -> SettingsBundleDeclaration? {
        guard case .object(let members) = node.value else {
            diagnostics.error(node.location, "\"settingsBundle\" must be an object with \"groups\", such as {\"groups\": [{\"title\": \"General\", \"keys\": [\"showTips\"]}]}")
            return nil
        }
        var groupsNode: JSONNode?
        for member in members {
            if member.name == "groups" { groupsNode = member.node } else {
                diagnostics.error(member.nameLocation, unknownFieldMessage(member.name, in: "\"settingsBundle\"", allowed: Self.settingsBundleFields))
            }
        }
        guard let groupsNode, case .array(let groupNodes) = groupsNode.value, !groupNodes.isEmpty else {
            diagnostics.error(groupsNode?.location ?? node.location, "\"groups\" must be a non-empty array of groups, such as [{\"title\": \"General\", \"keys\": [\"showTips\"]}]")
            return nil
        }
        let read = readSettingsGroups(groupNodes, keys: keys, groupName: "settings group", screen: "settings bundle",
                                      diagnostics: &diagnostics) { key, name, location, diagnostics -> String? in
            if let problem = Self.settingsAppSuiteProblem(of: key, shownAs: name) {
                diagnostics.error(location, problem)
                return nil
            }
            guard Self.settingsAppCanShow(key.type, defaultValue: key.defaultValue) else {
                diagnostics.error(location, "the Settings app cannot show \"\(name)\" of type \(key.type); it shows Bool, String, numbers and enums with a default")
                return nil
            }
            if key.managed {
                // A warning, not an error: schemas accepted before keep building.
                diagnostics.warning(location, "\"\(name)\" is managed: while an administrator sets it, the Settings app still lets people edit a value the app ignores; leave it out of \"settingsBundle\", or show it in the app (whose settings view disables it then)")
            }
            return name
        }
        let keysByName = Dictionary(keys.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        let groups = read.map { (group: SettingsBundleDeclaration.Group(title: $0.title, footer: $0.footer, keys: $0.entries), location: $0.location) }
        warnOfUntitledPanes(groups, keys: keysByName, schemaSuite: schemaSuite, diagnostics: &diagnostics)
        return SettingsBundleDeclaration(groups: groups.map(\.group))
    }

    /// Bool (toggle), String (text field), numbers (slider, list or text field) and enums (multi-value), with a JSON default.
    static func settingsAppCanShow(_ type: SchemaType, defaultValue: DefaultValue?) -> Bool {
        guard let defaultValue, defaultValue != .null else { return false }
        if case .swiftExpression = defaultValue { return false }
        // An optional key with a default is shown as the key it behaves like (the Settings app stores a value).
        switch type.unwrappingOptional {
        case .enumeration: return true
        case .builtin(let builtin):
            return builtin == .bool || builtin == .string || builtin.integerBounds != nil || builtin.isDoubleLike || builtin.isFloatLike
        default: return false
        }
    }
}
