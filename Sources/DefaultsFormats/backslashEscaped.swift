/// `text` with the escapes that JSON, Swift and `.strings` literals share (`\"`, `\\`, `\n`, `\r`, `\t`), and every
/// other scalar as `escape` writes it (`nil`: as it is): the three formats differ only there.
package func backslashEscaped(_ text: String, escape: (Unicode.Scalar) -> String?) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
            if let escaped = escape(scalar) { result += escaped } else { result.unicodeScalars.append(scalar) }
        }
    }
    return result
}
