import DefaultsFormats

/// A record type as written in `types`, before its fields' types and defaults are resolved.
struct RawRecord {
    var name: String
    var location: SchemaLocation
    var description: String?
    var fields: [RawKey]
}

extension SchemaValidator {
    /// Reads `types`: an object of record types, each with `fields` (and an optional `description`).
    func readRecordTypes(_ node: JSONNode, diagnostics: inout Diagnostics) -> [RawRecord] {
        guard case .object(let members) = node.value else {
            diagnostics.error(node.location, Messages.Records.typesNotObject(node.value.kindDescription))
            return []
        }
        var records: [RawRecord] = []
        for member in members {
            guard checkTypeName(member.name, at: member.nameLocation, what: "a record type", example: "WindowFrame", diagnostics: &diagnostics) else { continue }
            guard case .object(let parts) = member.node.value else {
                diagnostics.error(member.node.location,
                                  Messages.Records.typeNotObject(member.name, kind: member.node.value.kindDescription))
                continue
            }
            var record = RawRecord(name: member.name, location: member.nameLocation, fields: [])
            var fieldsNode: JSONNode?
            for part in parts {
                switch part.name {
                case "description": record.description = string(part.node, field: "description", diagnostics: &diagnostics)
                case "fields": fieldsNode = part.node
                default: diagnostics.error(part.nameLocation, unknownFieldMessage(part.name, in: "type \"\(member.name)\"", allowed: Self.typeFields))
                }
            }
            guard let fieldsNode, case .object(let fieldMembers) = fieldsNode.value, !fieldMembers.isEmpty else {
                diagnostics.error(fieldsNode?.location ?? member.node.location,
                                  Messages.Records.typeWithoutFields(member.name))
                continue
            }
            record.fields = fieldMembers.compactMap { readFieldDeclaration($0, recordName: member.name, diagnostics: &diagnostics) }
            records.append(record)
        }
        return records
    }

    /// Reads one field of a record type: like a key, with `type`, `default`, `description`, `cases` and `objc` only.
    private func readFieldDeclaration(_ member: JSONMember, recordName: String, diagnostics: inout Diagnostics) -> RawKey? {
        let name = member.name
        guard SwiftNames.isIdentifier(name), !SwiftNames.unusableNames.contains(name) else {
            diagnostics.error(member.nameLocation, Messages.Records.unusableFieldName(name))
            return nil
        }
        let field = RawKey(identifier: name, nameLocation: member.nameLocation, typeLocation: member.node.location,
                           storedName: name, storedNameLocation: member.nameLocation)
        guard case .object(let parts) = member.node.value else {
            field.inferredType = inferType(of: member.node, keyName: name, diagnostics: &diagnostics)
            field.defaultNode = member.node
            return field.inferredType == nil ? nil : field
        }
        for part in parts {
            switch part.name {
            case "type":
                field.typeLocation = part.node.location
                field.typeText = string(part.node, field: "type", diagnostics: &diagnostics)
            case "default": field.defaultNode = part.node
            case "description": field.description = string(part.node, field: "description", diagnostics: &diagnostics)
            case "cases": field.cases = part.node
            case "objc":
                if case .bool(let flag) = part.node.value { field.objc = (flag, part.node.location) } else {
                    diagnostics.error(part.node.location, Messages.Records.objcNotBool(part.node.value.kindDescription))
                }
            default:
                diagnostics.error(part.nameLocation, unknownFieldMessage(part.name, in: "field \"\(name)\" of \"\(recordName)\"", allowed: Self.fieldFields))
            }
        }
        guard parts.contains(where: { $0.name == "type" }) else {
            diagnostics.error(member.node.location, Messages.Records.fieldWithoutType(name, record: recordName))
            return nil
        }
        return field
    }
}
