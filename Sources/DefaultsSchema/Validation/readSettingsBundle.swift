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
        let keysByName = Dictionary(keys.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        var firstUse: [String: SchemaLocation] = [:]
        var groups: [(group: SettingsBundleDeclaration.Group, location: SchemaLocation)] = []
        for groupNode in groupNodes {
            guard case .object(let fields) = groupNode.value else {
                diagnostics.error(groupNode.location, "each group must be an object with \"keys\" (and optionally \"title\" and \"footer\")")
                continue
            }
            var group = SettingsBundleDeclaration.Group(title: nil, footer: nil, keys: [])
            var keysNode: JSONNode?
            for field in fields {
                switch field.name {
                case "title": group.title = string(field.node, field: "title", diagnostics: &diagnostics)
                case "footer": group.footer = string(field.node, field: "footer", diagnostics: &diagnostics)
                case "keys": keysNode = field.node
                default: diagnostics.error(field.nameLocation, unknownFieldMessage(field.name, in: "a settings group", allowed: Self.settingsGroupFields))
                }
            }
            guard let keysNode, case .array(let names) = keysNode.value else {
                diagnostics.error(keysNode?.location ?? groupNode.location, "a settings group needs \"keys\": an array of key names, such as [\"volume\", \"autoplay\"]")
                continue
            }
            for nameNode in names {
                guard case .string(let name) = nameNode.value else {
                    diagnostics.error(nameNode.location, "each entry of \"keys\" must be a key's name, not \(nameNode.value.kindDescription)")
                    continue
                }
                guard let key = keysByName[name] else {
                    let hint = suggestion(for: name, among: keys.map(\.identifier)).map { "; did you mean \"\($0)\"?" } ?? ""
                    diagnostics.error(nameNode.location, "the schema has no key \"\(name)\"\(hint)")
                    continue
                }
                if let first = firstUse[name] {
                    diagnostics.error(nameNode.location, "\"\(name)\" is already in the settings bundle (at \(first)); show each key once")
                    continue
                }
                firstUse[name] = nameNode.location
                if let problem = Self.settingsAppSuiteProblem(of: key, shownAs: name) {
                    diagnostics.error(nameNode.location, problem)
                    continue
                }
                guard Self.settingsAppCanShow(key.type, defaultValue: key.defaultValue) else {
                    diagnostics.error(nameNode.location, "the Settings app cannot show \"\(name)\" of type \(key.type); it shows Bool, String, numbers and enums with a default")
                    continue
                }
                group.keys.append(name)
            }
            groups.append((group, groupNode.location))
        }
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
