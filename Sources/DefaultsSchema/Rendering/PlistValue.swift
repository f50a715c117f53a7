/// A property-list value written as XML in a fixed order (the order given, not sorted).
indirect enum PlistValue {
    case string(String)
    case integer(String)
    case real(String)
    case bool(Bool)
    case array([PlistValue])
    case dictionary([(String, PlistValue)])

    func write(into text: inout String, indentation: String) {
        switch self {
        case .string(let value): text += "\(indentation)<string>\(PlistValue.xmlEscaped(value))</string>\n"
        case .integer(let value): text += "\(indentation)<integer>\(value)</integer>\n"
        case .real(let value): text += "\(indentation)<real>\(value)</real>\n"
        case .bool(let value): text += "\(indentation)<\(value ? "true" : "false")/>\n"
        case .array(let elements):
            text += "\(indentation)<array>\n"
            for element in elements { element.write(into: &text, indentation: indentation + "\t") }
            text += "\(indentation)</array>\n"
        case .dictionary(let members):
            text += "\(indentation)<dict>\n"
            for (key, value) in members {
                text += "\(indentation)\t<key>\(PlistValue.xmlEscaped(key))</key>\n"
                value.write(into: &text, indentation: indentation + "\t")
            }
            text += "\(indentation)</dict>\n"
        }
    }

    /// Text for XML: `&`, `<`, `>` escaped; characters XML 1.0 cannot hold (most controls) dropped.
    static func xmlEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value < 0x20 || value == 0xFFFE || value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
