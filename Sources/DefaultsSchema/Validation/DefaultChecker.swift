import Foundation
import DefaultsFormats

/// One field of a record type, as defaults are checked against it.
struct RecordField {
    var identifier: String
    var type: SchemaType
    /// Whether every value must give it (it has no default).
    var isRequired: Bool
}

/// Checks a JSON default against its type and turns it into a ``DefaultValue``.
struct DefaultChecker {
    let enums: [String: EnumDeclaration]
    /// The fields of each record type, in declaration order.
    var records: [String: [RecordField]] = [:]

    func check(_ node: JSONNode, as type: SchemaType, diagnostics: inout Diagnostics) -> DefaultValue? {
        switch type {
        case .optional(let wrapped):
            if case .null = node.value { return .null }
            return check(node, as: wrapped, diagnostics: &diagnostics)
        case .builtin(let builtin):
            return check(node, as: builtin, diagnostics: &diagnostics)
        case .array(let element):
            guard case .array(let elements) = node.value else { return mismatch(node, .array, type, &diagnostics) }
            var values: [DefaultValue] = []
            var valid = true
            for element in elements.map({ check($0, as: element, diagnostics: &diagnostics) }) {
                if let element { values.append(element) } else { valid = false }
            }
            return valid ? .array(values) : nil
        case .dictionary(let valueType):
            guard case .object(let members) = node.value else { return mismatch(node, .object, type, &diagnostics) }
            var entries: [DictionaryEntry] = []
            var valid = true
            for member in members {
                if let value = check(member.node, as: valueType, diagnostics: &diagnostics) {
                    entries.append(DictionaryEntry(key: member.name, value: value))
                } else {
                    valid = false
                }
            }
            return valid ? .dictionary(entries) : nil
        case .set(let element):
            guard case .array(let elements) = node.value else {
                return mismatch(node, .distinctArray, type, &diagnostics)
            }
            var values: [DefaultValue] = []
            var valid = true
            for elementNode in elements {
                guard let value = check(elementNode, as: element, diagnostics: &diagnostics) else { valid = false; continue }
                if values.contains(value) {
                    diagnostics.error(elementNode.location, Messages.Defaults.repeatedSetElement())
                    valid = false
                }
                values.append(value)
            }
            return valid ? .array(values) : nil
        case .enumeration(let name):
            return checkEnumCase(node, enumName: name, type: type, diagnostics: &diagnostics)
        case .record(let name):
            return checkRecord(node, recordName: name, type: type, diagnostics: &diagnostics)
        case .custom(let name):
            diagnostics.error(node.location, Self.customTypeMessage(name))
            return nil
        }
    }

    /// Why a JSON default cannot hold a value of a type the schema does not declare, and what to do instead.
    static func customTypeMessage(_ name: String) -> String { Messages.Defaults.undeclaredType(name) }

    /// The first type the schema does not declare that `node` would need a value of (`nil` when an empty array,
    /// an empty object or `null` needs none): one message for a default, not one per element.
    func undeclaredTypeNeeded(by node: JSONNode, as type: SchemaType) -> String? {
        switch (type, node.value) {
        case (.custom(let name), _): return name
        case (.optional, .null): return nil
        case (.optional(let wrapped), _): return undeclaredTypeNeeded(by: node, as: wrapped)
        case (.array(let element), .array(let elements)), (.set(let element), .array(let elements)):
            return elements.lazy.compactMap { undeclaredTypeNeeded(by: $0, as: element) }.first
        case (.dictionary(let value), .object(let members)):
            return members.lazy.compactMap { undeclaredTypeNeeded(by: $0.node, as: value) }.first
        default: return nil
        }
    }

    /// A case of an enum: its raw value (a string or an integer), or for an `Int` enum also its case name.
    private func checkEnumCase(_ node: JSONNode, enumName name: String, type: SchemaType, diagnostics: inout Diagnostics) -> DefaultValue? {
        guard let declaration = enums[name] else { return nil }
        let raw: String
        switch node.value {
        case .string(let text):
            if declaration.isIntBacked {
                guard let match = declaration.cases.first(where: { $0.identifier == text }) else {
                    diagnostics.error(node.location, Messages.Defaults.notACaseOfIntEnum(
                        text, enumName: name, rawValues: declaration.cases.map(\.rawValue),
                        caseNames: declaration.cases.map(\.identifier)))
                    return nil
                }
                return .enumCase(match.identifier)
            }
            raw = text
        case .number(let text) where declaration.isIntBacked && isIntegerText(text):
            raw = Int64(text).map(String.init) ?? text
        default:
            return mismatch(node, .enumCase(isIntBacked: declaration.isIntBacked), type, &diagnostics)
        }
        guard let match = declaration.cases.first(where: { $0.rawValue == raw }) else {
            diagnostics.error(node.location, Messages.Defaults.notACase(
                raw, enumName: name, rawValues: declaration.cases.map(\.rawValue),
                isIntBacked: declaration.isIntBacked))
            return nil
        }
        return .enumCase(match.identifier)
    }

    /// A value of a record type: an object giving some fields; the others keep their defaults.
    private func checkRecord(_ node: JSONNode, recordName name: String, type: SchemaType, diagnostics: inout Diagnostics) -> DefaultValue? {
        guard let fields = records[name] else { return nil }
        guard case .object(let members) = node.value else {
            return mismatch(node, .recordFields(name), type, &diagnostics)
        }
        var given: [String: DefaultValue] = [:]
        var valid = true
        for member in members {
            guard let field = fields.first(where: { $0.identifier == member.name }) else {
                let names = fields.map(\.identifier)
                diagnostics.error(member.nameLocation, Messages.Defaults.noSuchField(
                    member.name, record: name, suggestion: suggestion(for: member.name, among: names), fields: names))
                valid = false
                continue
            }
            if case .null = member.node.value, field.type.isOptional {
                given[field.identifier] = .null
            } else if let value = check(member.node, as: field.type, diagnostics: &diagnostics) {
                given[field.identifier] = value
            } else {
                valid = false
            }
        }
        guard valid else { return nil }
        let missing = fields.filter { $0.isRequired && given[$0.identifier] == nil }.map(\.identifier)
        if !missing.isEmpty {
            diagnostics.error(node.location, Messages.Defaults.missingFields(name, fields: missing))
            return nil
        }
        // In declaration order, as the memberwise initializer takes them.
        return .record(name, fields.compactMap { field in given[field.identifier].map { DictionaryEntry(key: field.identifier, value: $0) } })
    }

    private func check(_ node: JSONNode, as builtin: BuiltinType, diagnostics: inout Diagnostics) -> DefaultValue? {
        let type = SchemaType.builtin(builtin)
        switch builtin {
        case .bool:
            guard case .bool(let value) = node.value else { return mismatch(node, .bool, type, &diagnostics) }
            return .bool(value)
        case .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64:
            guard case .number(let text) = node.value else { return mismatch(node, .integer, type, &diagnostics) }
            return checkInteger(text, node: node, builtin: builtin, diagnostics: &diagnostics)
        case .double, .float, .cgFloat, .timeInterval, .float64, .float32:
            guard case .number(let text) = node.value else { return mismatch(node, .number, type, &diagnostics) }
            // Each type parses the text itself: going through Double first would round twice for a Float.
            if builtin.isFloatLike, let value = Float(text), value.isFinite { return .float(value) }
            if builtin.isDoubleLike, let value = Double(text), value.isFinite { return .double(value) }
            diagnostics.error(node.location, Messages.Defaults.outOfRange(text, type: builtin.rawValue))
            return nil
        case .string:
            guard case .string(let value) = node.value else { return mismatch(node, .string, type, &diagnostics) }
            return .string(value)
        case .data:
            guard case .string(let text) = node.value else { return mismatch(node, .base64, type, &diagnostics) }
            guard let data = Data(base64Encoded: text) else {
                diagnostics.error(node.location, Messages.Defaults.invalidBase64(text))
                return nil
            }
            return .data(Array(data))
        case .date:
            guard case .string(let text) = node.value else { return mismatch(node, .date, type, &diagnostics) }
            guard let seconds = parseISO8601(text) else {
                diagnostics.error(node.location, Messages.Defaults.invalidDate(text))
                return nil
            }
            return .date(seconds)
        case .url:
            guard case .string(let text) = node.value else { return mismatch(node, .url, type, &diagnostics) }
            guard isURLText(text), let url = URL(string: text), url.scheme != nil, url.absoluteString == text else {
                diagnostics.error(node.location, Messages.Defaults.invalidURL(text))
                return nil
            }
            return .url(text)
        case .cgPoint, .cgSize, .cgRect, .nsPoint, .nsSize, .nsRect:
            let labels = builtin.geometryLabels ?? []
            guard case .array(let items) = node.value else {
                return mismatch(node, .geometry(labels: labels), type, &diagnostics)
            }
            guard items.count == labels.count else {
                diagnostics.error(node.location,
                                  Messages.Defaults.geometryCount(items.count, type: builtin.rawValue, labels: labels))
                return nil
            }
            var numbers: [Double] = []
            for item in items {
                guard case .number(let text) = item.value, let value = Double(text), value.isFinite else {
                    diagnostics.error(item.location, Messages.Defaults.geometryElement(
                        item.value.kindDescription, type: builtin.rawValue, labels: labels))
                    return nil
                }
                numbers.append(value)
            }
            return .geometry(builtin.rawValue, numbers)
        case .color, .cgColor, .uiColor:
            guard case .string(let text) = node.value else { return mismatch(node, .hexColor, type, &diagnostics) }
            guard let components = sRGBComponents(hex: text) else {
                diagnostics.error(node.location, Messages.Defaults.invalidColor(text))
                return nil
            }
            return .color(builtin, components)
        case .propertyList:
            return checkPropertyList(node, diagnostics: &diagnostics).map(DefaultValue.propertyList)
        case .uuid:
            guard case .string(let text) = node.value else { return mismatch(node, .uuid, type, &diagnostics) }
            guard let uuid = UUID(uuidString: text) else {
                diagnostics.error(node.location, Messages.Defaults.invalidUUID(text))
                return nil
            }
            return .uuid(withUnsafeBytes(of: uuid.uuid) { Array($0) })
        }
    }

    /// A property-list value of any shape, from JSON: strings, booleans, arrays and objects as themselves, a number
    /// with no fraction or exponent as an integer and any other as a double; where JSON cannot tell the kind, an
    /// object of one tagged member: `{"$date": "<ISO 8601>"}`, `{"$data": "<base64>"}`, `{"$double": 1}` (or
    /// `"nan"`, `"inf"`, `"-inf"`), and `{"$dictionary": {…}}` for a dictionary whose only key is such a tag.
    private func checkPropertyList(_ node: JSONNode, diagnostics: inout Diagnostics) -> DefaultValue? {
        let type = SchemaType.builtin(.propertyList)
        switch node.value {
        case .null: return mismatch(node, .propertyList, type, &diagnostics)
        case .bool(let value): return .bool(value)
        case .string(let text): return .string(text)
        case .number(let text):
            if isIntegerText(text) {
                guard let value = Int64(text) else {
                    diagnostics.error(node.location, Messages.Defaults.propertyListIntegerOutOfRange(text))
                    return nil
                }
                return .integer(String(value))
            }
            guard let value = Double(text), value.isFinite else {
                diagnostics.error(node.location, Messages.Defaults.outOfRange(text, type: "Double"))
                return nil
            }
            return .double(value)
        case .array(let items):
            var values: [DefaultValue] = []
            for item in items {
                guard let value = checkPropertyList(item, diagnostics: &diagnostics) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .object(let members):
            if members.count == 1, let member = members.first, member.name.hasPrefix("$") {
                return checkPropertyListTag(member, diagnostics: &diagnostics)
            }
            return checkPropertyListMembers(members, diagnostics: &diagnostics)
        }
    }

    /// A dictionary of property-list values, members in file order; `nil` if any member is not one (reported).
    private func checkPropertyListMembers(_ members: [JSONMember], diagnostics: inout Diagnostics) -> DefaultValue? {
        var entries: [DictionaryEntry] = []
        for member in members {
            guard let value = checkPropertyList(member.node, diagnostics: &diagnostics) else { return nil }
            entries.append(DictionaryEntry(key: member.name, value: value))
        }
        return .dictionary(entries)
    }

    private func checkPropertyListTag(_ member: JSONMember, diagnostics: inout Diagnostics) -> DefaultValue? {
        let node = member.node
        func refuse() -> DefaultValue? {
            diagnostics.error(node.location, Messages.Defaults.invalidPropertyListTag(member.name, found: node.value.kindDescription))
            return nil
        }
        switch (member.name, node.value) {
        case ("$date", .string(let text)):
            guard let seconds = parseISO8601(text) else {
                diagnostics.error(node.location, Messages.Defaults.invalidDate(text))
                return nil
            }
            return .date(seconds)
        case ("$data", .string(let text)):
            guard let data = Data(base64Encoded: text) else {
                diagnostics.error(node.location, Messages.Defaults.invalidBase64(text))
                return nil
            }
            return .data(Array(data))
        case ("$double", .number(let text)):
            guard let value = Double(text), value.isFinite else {
                diagnostics.error(node.location, Messages.Defaults.outOfRange(text, type: "Double"))
                return nil
            }
            return .double(value)
        case ("$double", .string(let text)):
            switch text {
            case "nan": return .double(.nan)
            case "inf": return .double(.infinity)
            case "-inf": return .double(-.infinity)
            default: return refuse()
            }
        case ("$dictionary", .object(let members)):
            return checkPropertyListMembers(members, diagnostics: &diagnostics)
        case ("$date", _), ("$data", _), ("$double", _), ("$dictionary", _):
            return refuse()
        default:
            // Any other `$` name is a plain member of a one-member dictionary.
            return checkPropertyListMembers([member], diagnostics: &diagnostics)
        }
    }

    private func checkInteger(_ text: String, node: JSONNode, builtin: BuiltinType, diagnostics: inout Diagnostics) -> DefaultValue? {
        guard let bounds = builtin.integerBounds else { return nil }
        var canonical = text
        if !isIntegerText(text) {
            // 1e3 or 2.0 are whole numbers; 2.5 is not.
            guard let value = Double(text), value.isFinite, value == value.rounded(), abs(value) < 9.0e15 else {
                diagnostics.error(node.location, Double(text).map { $0 == $0.rounded() } == true
                    ? Messages.Defaults.outOfRange(text, type: builtin.rawValue)
                    : Messages.Defaults.notWholeNumber(text, type: builtin.rawValue))
                return nil
            }
            canonical = String(Int64(value))
        }
        let inRange: Bool
        if canonical.hasPrefix("-") {
            inRange = Int64(canonical).map { $0 >= bounds.min } ?? false
        } else {
            inRange = UInt64(canonical).map { $0 <= bounds.max } ?? false
        }
        guard inRange else {
            diagnostics.error(node.location, Messages.Defaults.integerOutOfRange(
                text, type: builtin.rawValue, min: bounds.min, max: bounds.max))
            return nil
        }
        if canonical == "-0" { canonical = "0" }
        return .integer(canonical)
    }

    private func mismatch(_ node: JSONNode, _ expected: Messages.Defaults.Expected, _ type: SchemaType,
                          _ diagnostics: inout Diagnostics) -> DefaultValue? {
        diagnostics.error(node.location,
                          Messages.Defaults.wrongKind(expected, type: type, found: node.value.kindDescription))
        return nil
    }
}
