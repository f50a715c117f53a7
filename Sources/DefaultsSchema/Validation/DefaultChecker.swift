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
            guard case .array(let elements) = node.value else { return mismatch(node, "an array", type, &diagnostics) }
            var values: [DefaultValue] = []
            var valid = true
            for element in elements.map({ check($0, as: element, diagnostics: &diagnostics) }) {
                if let element { values.append(element) } else { valid = false }
            }
            return valid ? .array(values) : nil
        case .dictionary(let valueType):
            guard case .object(let members) = node.value else { return mismatch(node, "an object", type, &diagnostics) }
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
            guard case .array(let elements) = node.value else { return mismatch(node, "an array of distinct elements", type, &diagnostics) }
            var values: [DefaultValue] = []
            var valid = true
            for elementNode in elements {
                guard let value = check(elementNode, as: element, diagnostics: &diagnostics) else { valid = false; continue }
                if values.contains(value) {
                    diagnostics.error(elementNode.location, "this element is already in the set; a Set holds each value once, so remove the repetition")
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
    static func customTypeMessage(_ name: String) -> String {
        "\"\(name)\" is not declared in this schema, so it is taken as your own DefaultsSerializable type, which a JSON default cannot build; declare it here (\"cases\" on a key, or \"types\") or write the default in Swift with \"swiftDefault\""
    }

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
                    diagnostics.error(node.location, "\"\(text)\" is not a case of \(name); use a raw value (\(declaration.cases.map(\.rawValue).joined(separator: ", "))) or a case name (\(declaration.cases.map { "\"\($0.identifier)\"" }.joined(separator: ", ")))")
                    return nil
                }
                return .enumCase(match.identifier)
            }
            raw = text
        case .number(let text) where declaration.isIntBacked && isIntegerText(text):
            raw = Int64(text).map(String.init) ?? text
        default:
            return mismatch(node, declaration.isIntBacked ? "an integer (one of the raw values)" : "a string (one of the cases)", type, &diagnostics)
        }
        guard let match = declaration.cases.first(where: { $0.rawValue == raw }) else {
            let cases = declaration.cases.map { declaration.isIntBacked ? $0.rawValue : "\"\($0.rawValue)\"" }.joined(separator: ", ")
            diagnostics.error(node.location, "\(declaration.isIntBacked ? raw : "\"\(raw)\"") is not a case of \(name); use one of \(cases)")
            return nil
        }
        return .enumCase(match.identifier)
    }

    /// A value of a record type: an object giving some fields; the others keep their defaults.
    private func checkRecord(_ node: JSONNode, recordName name: String, type: SchemaType, diagnostics: inout Diagnostics) -> DefaultValue? {
        guard let fields = records[name] else { return nil }
        guard case .object(let members) = node.value else {
            return mismatch(node, "an object of \(name)'s fields (those not given take their defaults)", type, &diagnostics)
        }
        var given: [String: DefaultValue] = [:]
        var valid = true
        for member in members {
            guard let field = fields.first(where: { $0.identifier == member.name }) else {
                let hint = suggestion(for: member.name, among: fields.map(\.identifier)).map { "; did you mean \"\($0)\"?" }
                    ?? "; its fields are \(fields.map { "\"\($0.identifier)\"" }.joined(separator: ", "))"
                diagnostics.error(member.nameLocation, "\(name) has no field \"\(member.name)\"\(hint)")
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
        let missing = fields.filter { $0.isRequired && given[$0.identifier] == nil }.map { "\"\($0.identifier)\"" }
        if !missing.isEmpty {
            diagnostics.error(node.location, "\(name) has no default for \(missing.count == 1 ? "the field" : "the fields") \(missing.joined(separator: ", ")); give \(missing.count == 1 ? "it" : "them") here")
            return nil
        }
        // In declaration order, as the memberwise initializer takes them.
        return .record(name, fields.compactMap { field in given[field.identifier].map { DictionaryEntry(key: field.identifier, value: $0) } })
    }

    private func check(_ node: JSONNode, as builtin: BuiltinType, diagnostics: inout Diagnostics) -> DefaultValue? {
        let type = SchemaType.builtin(builtin)
        switch builtin {
        case .bool:
            guard case .bool(let value) = node.value else { return mismatch(node, "true or false", type, &diagnostics) }
            return .bool(value)
        case .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64:
            guard case .number(let text) = node.value else { return mismatch(node, "an integer", type, &diagnostics) }
            return checkInteger(text, node: node, builtin: builtin, diagnostics: &diagnostics)
        case .double, .float, .cgFloat, .timeInterval, .float64, .float32:
            guard case .number(let text) = node.value else { return mismatch(node, "a number", type, &diagnostics) }
            // Each type parses the text itself: going through Double first would round twice for a Float.
            if builtin.isFloatLike, let value = Float(text), value.isFinite { return .float(value) }
            if builtin.isDoubleLike, let value = Double(text), value.isFinite { return .double(value) }
            diagnostics.error(node.location, "\(text) is out of range for \(builtin.rawValue)")
            return nil
        case .string:
            guard case .string(let value) = node.value else { return mismatch(node, "a string", type, &diagnostics) }
            return .string(value)
        case .data:
            guard case .string(let text) = node.value else { return mismatch(node, "a base64 string", type, &diagnostics) }
            guard let data = Data(base64Encoded: text) else {
                diagnostics.error(node.location, "\"\(text)\" is not valid base64 for Data; write the bytes base64-encoded, such as \"AQID\"")
                return nil
            }
            return .data(Array(data))
        case .date:
            guard case .string(let text) = node.value else { return mismatch(node, "an ISO 8601 date string", type, &diagnostics) }
            guard let seconds = parseISO8601(text) else {
                diagnostics.error(node.location, "\"\(text)\" is not an ISO 8601 date; write it like \"2024-01-01T00:00:00Z\"")
                return nil
            }
            return .date(seconds)
        case .url:
            guard case .string(let text) = node.value else { return mismatch(node, "a URL string", type, &diagnostics) }
            guard isURLText(text), let url = URL(string: text), url.scheme != nil, url.absoluteString == text else {
                diagnostics.error(node.location, "\"\(text)\" is not an absolute URL; write it with its scheme, a host and percent-escapes, like \"https://example.com/path\" (file, mailto, tel, sms, data and about URLs have no host)")
                return nil
            }
            return .url(text)
        case .cgPoint, .cgSize, .cgRect, .nsPoint, .nsSize, .nsRect:
            let labels = builtin.geometryLabels ?? []
            let shape = "an array of \(labels.count) numbers [\(labels.joined(separator: ", "))]"
            guard case .array(let items) = node.value else { return mismatch(node, shape, type, &diagnostics) }
            let rule = "the default of \(builtin.rawValue.hasPrefix("NS") ? "an" : "a") \(builtin.rawValue) must be \(shape)"
            guard items.count == labels.count else {
                diagnostics.error(node.location, "\(rule), not \(items.count) number\(items.count == 1 ? "" : "s")")
                return nil
            }
            var numbers: [Double] = []
            for item in items {
                guard case .number(let text) = item.value, let value = Double(text), value.isFinite else {
                    diagnostics.error(item.location, "\(rule), not \(item.value.kindDescription)")
                    return nil
                }
                numbers.append(value)
            }
            return .geometry(builtin.rawValue, numbers)
        case .color, .cgColor, .uiColor:
            guard case .string(let text) = node.value else { return mismatch(node, "an sRGB hex string such as \"#FF8000\"", type, &diagnostics) }
            guard let components = sRGBComponents(hex: text) else {
                diagnostics.error(node.location, "\"\(text)\" is not a colour; write it as sRGB hex, \"#RRGGBB\" or \"#RRGGBBAA\" (alpha last), such as \"#FF8000\" or \"#FF800080\"")
                return nil
            }
            return .color(builtin, components)
        case .uuid:
            guard case .string(let text) = node.value else { return mismatch(node, "a UUID string", type, &diagnostics) }
            guard let uuid = UUID(uuidString: text) else {
                diagnostics.error(node.location, "\"\(text)\" is not a UUID; write it like \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"")
                return nil
            }
            return .uuid(withUnsafeBytes(of: uuid.uuid) { Array($0) })
        }
    }

    private func checkInteger(_ text: String, node: JSONNode, builtin: BuiltinType, diagnostics: inout Diagnostics) -> DefaultValue? {
        guard let bounds = builtin.integerBounds else { return nil }
        var canonical = text
        if !isIntegerText(text) {
            // 1e3 or 2.0 are whole numbers; 2.5 is not.
            guard let value = Double(text), value.isFinite, value == value.rounded(), abs(value) < 9.0e15 else {
                diagnostics.error(node.location, Double(text).map { $0 == $0.rounded() } == true
                    ? "\(text) is out of range for \(builtin.rawValue)"
                    : "\(text) is not a whole number, as \(builtin.rawValue) needs; remove the fraction or use Double")
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
            diagnostics.error(node.location, "\(text) is out of range for \(builtin.rawValue) (\(bounds.min)...\(bounds.max))")
            return nil
        }
        if canonical == "-0" { canonical = "0" }
        return .integer(canonical)
    }

    private func mismatch(_ node: JSONNode, _ expected: String, _ type: SchemaType, _ diagnostics: inout Diagnostics) -> DefaultValue? {
        diagnostics.error(node.location, "the default must be \(expected) for type \(type), not \(node.value.kindDescription)")
        return nil
    }
}
