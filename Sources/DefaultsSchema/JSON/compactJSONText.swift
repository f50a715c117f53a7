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
