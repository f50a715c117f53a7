import DefaultsFormats

extension SchemaValidator {
    /// The fields of `settingsView` (its groups have `settingsBundle`'s group fields).
    package static let settingsViewFields = ["name", "groups", "exportImport"]

    /// The SwiftUI types the generated view names unqualified: a type of the module so named would shadow them.
    static let swiftUINamesInSettingsView: Set<String> = [
        "View", "Form", "Section", "Toggle", "Picker", "Slider", "Stepper", "TextField", "DatePicker", "Text", "VStack",
        "Button", "ForEach", "LabeledContent", "Binding", "Group", "State", "DefaultsSettingsTransfer",
    ]

    /// Reads `settingsView`: the view's name, and its groups of keys (each key once, each one the view can edit);
    /// without `groups`, every key the view can edit, in schema order.
    func readSettingsView(_ node: JSONNode, keys: [KeyDeclaration], typeNames: [String], settingsClass: String?,
                          diagnostics: inout Diagnostics) -> SettingsViewDeclaration? {
        guard case .object(let members) = node.value else {
            diagnostics.error(node.location, Messages.SettingsScreens.settingsViewNotAnObject())
            return nil
        }
        var name: (text: String, location: SchemaLocation)?
        var groupsNode: JSONNode?
        var exportImport = false
        for member in members {
            switch member.name {
            case "name": name = string(member.node, field: "name", diagnostics: &diagnostics).map { ($0, member.node.location) }
            case "groups": groupsNode = member.node
            case "exportImport":
                if case .bool(let flag) = member.node.value { exportImport = flag } else {
                    diagnostics.error(member.node.location, Messages.SettingsScreens.exportImportNotBool(kind: member.node.value.kindDescription))
                }
            default: diagnostics.error(member.nameLocation, unknownFieldMessage(member.name, in: "\"settingsView\"", allowed: Self.settingsViewFields))
            }
        }
        guard let name else {
            diagnostics.error(node.location, Messages.SettingsScreens.settingsViewWithoutName())
            return nil
        }
        guard checkSettingsViewName(name.text, at: name.location, keys: keys, typeNames: typeNames, settingsClass: settingsClass,
                                    diagnostics: &diagnostics) else { return nil }
        guard let groupsNode else {
            // Every key the view can edit, in schema order; a deprecated one is left out (naming it would warn).
            let rows = keys.compactMap { key -> SettingsViewDeclaration.Row? in
                guard key.deprecationMessage == nil, case .success(let control) = SettingsControl.forKey(key) else { return nil }
                return SettingsViewDeclaration.Row(key: key.identifier, control: control, isOptional: key.type.isOptional)
            }
            if rows.isEmpty {
                diagnostics.warning(node.location, Messages.SettingsScreens.noKeyEditableInSettingsView())
            }
            return SettingsViewDeclaration(name: name.text, groups: [.init(title: nil, footer: nil, rows: rows)], exportImport: exportImport)
        }
        guard case .array(let groupNodes) = groupsNode.value, !groupNodes.isEmpty else {
            diagnostics.error(groupsNode.location, Messages.SettingsScreens.settingsViewGroupsNotNonEmptyArray())
            return nil
        }
        let read = readSettingsGroups(groupNodes, keys: keys, groupName: "settings view group", screen: "settings view",
                                      diagnostics: &diagnostics) { key, name, location, diagnostics -> SettingsViewDeclaration.Row? in
            if key.deprecationMessage != nil {
                diagnostics.error(location, Messages.SettingsScreens.deprecatedKeyInSettingsView(name))
                return nil
            }
            switch SettingsControl.forKey(key) {
            case .success(let control):
                return SettingsViewDeclaration.Row(key: name, control: control, isOptional: key.type.isOptional)
            case .failure(.type(let type)):
                diagnostics.error(location, Messages.SettingsScreens.settingsViewCannotEdit(name, type: type))
                return nil
            }
        }
        let groups = read.map { SettingsViewDeclaration.Group(title: $0.title, footer: $0.footer, rows: $0.entries) }
        return SettingsViewDeclaration(name: name.text, groups: groups, exportImport: exportImport)
    }

    /// Checks the view's name: a Swift type name that no generated, library or SwiftUI type it uses, and no key,
    /// already has.
    private func checkSettingsViewName(_ name: String, at location: SchemaLocation, keys: [KeyDeclaration], typeNames: [String],
                                       settingsClass: String?, diagnostics: inout Diagnostics) -> Bool {
        if !SwiftNames.isUsableIdentifier(name) || name.first?.isLetter != true && name.first != "_" {
            diagnostics.error(location, Messages.SettingsScreens.unusableSettingsViewName(name))
        } else if typeNames.contains(name) {
            diagnostics.error(location, Messages.SettingsScreens.settingsViewNamedLikeSchemaType(name))
        } else if name == settingsClass {
            diagnostics.error(location, Messages.SettingsScreens.settingsViewNamedLikeSettingsClass(name))
        } else if name == namespace || RuntimeNames.shadowedModule(of: name) != nil || Self.swiftUINamesInSettingsView.contains(name) {
            diagnostics.error(location, Messages.SettingsScreens.settingsViewCollidesWithType(name))
        } else if let key = keys.first(where: { $0.identifier == name }) {
            let message = Messages.SettingsScreens.settingsViewNamedLikeKey(name, keyLocation: key.location)
            diagnostics.error(location, message)
        } else {
            return true
        }
        return false
    }
}
