import DefaultsFormats

/// `node` as compact JSON text: members in file order, numbers as written, strings escaped as JSON requires. The
/// release record keeps a key's default in this form, so a later generator reads it as the schema wrote it.
package func compactJSONText(_ node: JSONNode) -> String {
    switch node.value {
    case .object(let members):
        return "{" + members.map { quotedJSONString($0.name) + ": " + compactJSONText($0.node) }.joined(separator: ", ") + "}"
    case .array(let elements):
        return "[" + elements.map(compactJSONText).joined(separator: ", ") + "]"
    case .string(let text): return quotedJSONString(text)
    case .number(let text): return text
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "null"
    }
}

/// A JSON string literal of `text`.
package func quotedJSONString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
