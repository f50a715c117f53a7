import Foundation
import TypedDefaults

/// Checks a JSON default against its type and turns it into a ``DefaultValue``.
struct DefaultChecker {
    let enums: [String: EnumDeclaration]

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
        case .enumeration(let name):
            guard case .string(let raw) = node.value else { return mismatch(node, "a string (one of the cases)", type, &diagnostics) }
            guard let declaration = enums[name], let match = declaration.cases.first(where: { $0.rawValue == raw }) else {
                let cases = enums[name]?.cases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") ?? ""
                diagnostics.error(node.location, "\"\(raw)\" is not a case of \(name); use one of \(cases)")
                return nil
            }
            return .enumCase(match.identifier)
        case .custom(let name):
            diagnostics.error(node.location, "a JSON default cannot build your type \(name); write a Swift expression in \"swiftDefault\" instead")
            return nil
        }
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
        case .double, .float:
            guard case .number(let text) = node.value else { return mismatch(node, "a number", type, &diagnostics) }
            // Each type parses the text itself: going through Double first would round twice for a Float.
            if builtin == .float, let value = Float(text), value.isFinite { return .float(value) }
            if builtin == .double, let value = Double(text), value.isFinite { return .double(value) }
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
            guard let url = URL(string: text), url.scheme != nil, url.absoluteString == text else {
                diagnostics.error(node.location, "\"\(text)\" is not an absolute URL; write it with its scheme and percent-escapes, like \"https://example.com/path\"")
                return nil
            }
            return .url(text)
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
