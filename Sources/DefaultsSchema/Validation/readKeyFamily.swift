import DefaultsFormats

/// A family's `"parameter"` as written: its name, type and where it is.
struct RawFamilyParameter {
    var name: String
    var type: KeyFamilyParameterType
    var location: SchemaLocation
}

extension SchemaValidator {
    /// The fields of a `"parameter"` object.
    package static let familyParameterFields = ["name", "type"]

    /// Reads `"parameter"`: `"widgetID"` (a String parameter), or `{"name": "index", "type": "Int"}`; `nil` after
    /// reporting.
    func readFamilyParameter(_ node: JSONNode, diagnostics: inout Diagnostics) -> RawFamilyParameter? {
        switch node.value {
        case .string(let name):
            return checkedParameterName(name, at: node.location, diagnostics: &diagnostics).map { RawFamilyParameter(name: $0, type: .string, location: node.location) }
        case .object(let fields):
            var name: String?
            var type = KeyFamilyParameterType.string
            var valid = true
            for field in fields {
                switch field.name {
                case "name":
                    guard let text = string(field.node, field: "name", diagnostics: &diagnostics) else { valid = false; break }
                    name = checkedParameterName(text, at: field.node.location, diagnostics: &diagnostics)
                    valid = valid && name != nil
                case "type":
                    guard let text = string(field.node, field: "type", diagnostics: &diagnostics) else { valid = false; break }
                    if let parsed = KeyFamilyParameterType(rawValue: text) { type = parsed } else {
                        diagnostics.error(field.node.location, Messages.Families.unsupportedParameterType(text))
                        valid = false
                    }
                default:
                    diagnostics.error(field.nameLocation, unknownFieldMessage(field.name, in: "\"parameter\"", allowed: Self.familyParameterFields))
                    valid = false
                }
            }
            guard valid else { return nil }
            guard let name else {
                diagnostics.error(node.location, Messages.Families.parameterWithoutName())
                return nil
            }
            return RawFamilyParameter(name: name, type: type, location: node.location)
        default:
            diagnostics.error(node.location, Messages.Families.parameterNotNameOrObject(node.value.kindDescription))
            return nil
        }
    }

    /// A parameter name: a Swift identifier the generated function can take, that hides nothing its body names.
    private func checkedParameterName(_ name: String, at location: SchemaLocation, diagnostics: inout Diagnostics) -> String? {
        if !SwiftNames.isIdentifier(name) || name == "_" {
            diagnostics.error(location, Messages.Families.parameterNotIdentifier(name))
        } else if SwiftNames.keywords.contains(name) || SwiftNames.unusableNames.contains(name) {
            diagnostics.error(location, Messages.Families.parameterIsKeyword(name))
        } else if RuntimeNames.libraryTypes.contains(name) || RuntimeNames.appleOnlyLibraryTypes.contains(name) {
            diagnostics.error(location, Messages.Families.parameterHidesLibraryType(name))
        } else {
            return name
        }
        return nil
    }

    /// Finishes a family as read: its name template (from `"key"`, exactly as written, or `<keyPrefix><name>_{parameter}`),
    /// its former templates (`"renamedFrom"`, exactly as written), and what a family cannot do.
    func finishFamily(_ key: RawKey, fields: [JSONMember], keyPrefix: String, diagnostics: inout Diagnostics) {
        guard let parameter = key.parameter else { return }
        let placeholder = "{\(parameter.name)}"
        if let field = fields.first(where: { $0.name == "key" }), case .string(let template) = field.node.value {
            // The template is the stored name exactly: apps already store "{widgetID}_selectedCalendars"-like names.
            key.storedName = template
            checkTemplate(template, field: "key", placeholder: placeholder, identifier: key.identifier, at: field.node.location, diagnostics: &diagnostics)
        } else {
            // '_', not '.': a '.' (or '@') in a name breaks key-value observation of an app group's suite.
            key.storedName = keyPrefix + key.identifier + "_" + placeholder
            if keyPrefix.contains(where: { $0 == "{" || $0 == "}" }) {
                diagnostics.error(key.nameLocation, Messages.Families.keyPrefixWithBrace(
                    family: key.identifier, storedName: key.storedName, placeholder: placeholder))
            }
        }
        key.formerNames = []
        if let field = fields.first(where: { $0.name == "renamedFrom" }), case .array(let elements) = field.node.value {
            for element in elements {
                guard case .string(let template) = element.value else {
                    diagnostics.error(element.location, Messages.Families.formerNameNotTemplate(
                        family: key.identifier, parameter: parameter.name))
                    continue
                }
                if checkTemplate(template, field: "renamedFrom", placeholder: placeholder, identifier: key.identifier, at: element.location, diagnostics: &diagnostics) {
                    key.formerNames.append(RawMigration(name: template, location: element.location))
                }
            }
        }
        if let managed = key.managed, managed.value {
            diagnostics.error(managed.location, Messages.Families.managedFamily())
        }
        if let iCloud = key.iCloud, iCloud.value {
            diagnostics.error(iCloud.location, Messages.Families.iCloudFamily())
        }
    }

    /// Checks that `template` writes `placeholder` exactly once and no other brace; reports otherwise.
    @discardableResult
    private func checkTemplate(_ template: String, field: String, placeholder: String, identifier: String, at location: SchemaLocation,
                               diagnostics: inout Diagnostics) -> Bool {
        let count = template.components(separatedBy: placeholder).count - 1
        if count == 0 {
            let other = template.firstIndex(of: "{").flatMap { open in template[open...].firstIndex(of: "}").map { template[open...$0] } }
            if let other {
                diagnostics.error(location, Messages.Families.templateWritesAnotherParameter(
                    field: field, written: other, placeholder: placeholder, family: identifier))
            } else {
                diagnostics.error(location, Messages.Families.templateWithoutParameter(
                    field: field, family: identifier, placeholder: placeholder))
            }
        } else if count > 1 {
            diagnostics.error(location, Messages.Families.templateRepeatsParameter(
                field: field, placeholder: placeholder, count: count, family: identifier))
        } else if NameTemplateAffixes(template: template, parameterName: String(placeholder.dropFirst().dropLast())) == nil {
            diagnostics.error(location, Messages.Families.templateWithOtherBrace(
                field: field, placeholder: placeholder, family: identifier))
        } else {
            return true
        }
        return false
    }
}
