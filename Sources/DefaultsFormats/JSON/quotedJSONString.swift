/// A JSON string literal of `text`.
package func quotedJSONString(_ text: String) -> String {
    let escaped = backslashEscaped(text) { scalar in
        guard scalar.value < 0x20 else { return nil }
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
    return "\"" + escaped + "\""
}
