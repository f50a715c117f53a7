extension SchemaValidator {
    /// The fields of `settingsView` (its groups have `settingsBundle`'s group fields).
    package static let settingsViewFields = ["name", "groups"]

    /// The SwiftUI types the generated view names unqualified: a type of the module so named would shadow them.
    static let swiftUINamesInSettingsView: Set<String> = [
        "View", "Form", "Section", "Toggle", "Picker", "Slider", "Stepper", "TextField", "DatePicker", "Text", "VStack",
        "Button", "ForEach", "LabeledContent", "Binding", "Group",
    ]

    /// Reads `settingsView`: the view's name, and its groups of keys (each key once, each one the view can edit);
    /// without `groups`, every key the view can edit, in schema order.
    func readSettingsView(_ node: JSONNode, keys: [KeyDeclaration], typeNames: [String], settingsClass: String?,
                          diagnostics: inout Diagnostics) -> SettingsViewDeclaration? {
        let example = "{\"name\": \"AppSettingsView\", \"groups\": [{\"title\": \"General\", \"keys\": [\"showTips\"]}]}"
        guard case .object(let members) = node.value else {
            diagnostics.error(node.location, "\"settingsView\" must be an object with a \"name\", such as \(example)")
            return nil
        }
        var name: (text: String, location: SchemaLocation)?
        var groupsNode: JSONNode?
        for member in members {
            switch member.name {
            case "name": name = string(member.node, field: "name", diagnostics: &diagnostics).map { ($0, member.node.location) }
            case "groups": groupsNode = member.node
            default: diagnostics.error(member.nameLocation, unknownFieldMessage(member.name, in: "\"settingsView\"", allowed: Self.settingsViewFields))
            }
        }
        guard let name else {
            diagnostics.error(node.location, "\"settingsView\" needs a \"name\" for the view's type, such as \"AppSettingsView\"")
            return nil
        }
        guard checkSettingsViewName(name.text, at: name.location, keys: keys, typeNames: typeNames, settingsClass: settingsClass,
                                    diagnostics: &diagnostics) else { return nil }
        guard let groupsNode else {
            // Every key the view can edit, in schema order; a deprecated one is left out (naming it would warn).
            let rows = keys.compactMap { key -> SettingsViewDeclaration.Row? in
                guard key.deprecationMessage == nil, case .success(let control) = Self.settingsControl(for: key) else { return nil }
                return SettingsViewDeclaration.Row(key: key.identifier, control: control, isOptional: key.type.isOptional)
            }
            if rows.isEmpty {
                diagnostics.warning(node.location, "no key of the schema can be edited by the settings view (it edits Bool, String, numbers, dates, URLs and enums); the view shows an empty form")
            }
            return SettingsViewDeclaration(name: name.text, groups: [.init(title: nil, footer: nil, rows: rows)])
        }
        guard case .array(let groupNodes) = groupsNode.value, !groupNodes.isEmpty else {
            diagnostics.error(groupsNode.location, "\"groups\" must be a non-empty array of groups, such as [{\"title\": \"General\", \"keys\": [\"showTips\"]}]; leave it out to show every key the view can edit")
            return nil
        }
        let read = readSettingsGroups(groupNodes, keys: keys, groupName: "settings view group", screen: "settings view",
                                      diagnostics: &diagnostics) { key, name, location, diagnostics -> SettingsViewDeclaration.Row? in
            if key.deprecationMessage != nil {
                diagnostics.error(location, "\"\(name)\" is deprecated; a settings view that shows it would warn wherever it compiles: remove it from the group")
                return nil
            }
            switch Self.settingsControl(for: key) {
            case .success(let control):
                return SettingsViewDeclaration.Row(key: name, control: control, isOptional: key.type.isOptional)
            case .failure(.type(let type)):
                diagnostics.error(location, "the settings view cannot edit \"\(name)\" of type \(type): it edits Bool, String, numbers, dates, URLs and enums declared with \"cases\"; remove it from the group (DefaultsEditor shows every key)")
                return nil
            }
        }
        let groups = read.map { SettingsViewDeclaration.Group(title: $0.title, footer: $0.footer, rows: $0.entries) }
        return SettingsViewDeclaration(name: name.text, groups: groups)
    }

    /// The control for `key`, or why there is none.
    static func settingsControl(for key: KeyDeclaration) -> Result<SettingsControl, SettingsControlRefusal> {
        SettingsControl.forKey(type: key.type, minimum: key.minimum, maximum: key.maximum)
    }

    /// Checks the view's name: a Swift type name that no generated, library or SwiftUI type it uses, and no key,
    /// already has.
    private func checkSettingsViewName(_ name: String, at location: SchemaLocation, keys: [KeyDeclaration], typeNames: [String],
                                       settingsClass: String?, diagnostics: inout Diagnostics) -> Bool {
        if !SwiftNames.isUsableIdentifier(name) || name.first?.isLetter != true && name.first != "_" {
            diagnostics.error(location, "\"\(name)\" cannot name the settings view; use a Swift type name such as \"AppSettingsView\"")
        } else if typeNames.contains(name) {
            diagnostics.error(location, "the settings view \"\(name)\" has the name of an enum or a type declared in the schema; choose another name")
        } else if name == settingsClass {
            diagnostics.error(location, "the settings view \"\(name)\" has the name of the settings class; choose another name, such as \"\(name)View\"")
        } else if name == namespace || RuntimeNames.shadowedModule(of: name) != nil || Self.swiftUINamesInSettingsView.contains(name) {
            diagnostics.error(location, "the settings view \"\(name)\" collides with a generated, library or SwiftUI type; choose another name, such as \"AppSettingsView\"")
        } else if let key = keys.first(where: { $0.identifier == name }) {
            diagnostics.error(location, "the settings view \"\(name)\" has the name of the key at \(key.location); choose another name")
        } else {
            return true
        }
        return false
    }
}
