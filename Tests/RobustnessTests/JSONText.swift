import Foundation

/// JSON to write: the random schemas are produced as text, with random but valid formatting and escapes.
indirect enum JSONText {
    case object([(String, JSONText)])
    case array([JSONText])
    case string(String)
    /// A number, `true`, `false` or `null`, as written.
    case literal(String)

    /// Writes the value with random whitespace (spaces, tabs, LF, CRLF) and random escapes.
    func written(_ random: inout SeededRandom) -> String {
        switch self {
        case .literal(let text): return text
        case .string(let text): return Self.quoted(text, &random)
        case .array(let elements):
            return "[" + elements.map { space(&random) + $0.written(&random) + space(&random) }.joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { space(&random) + Self.quoted($0.0, &random) + space(&random) + ":" + space(&random)
                + $0.1.written(&random) + space(&random) }.joined(separator: ",") + "}"
        }
    }

    private func space(_ random: inout SeededRandom) -> String {
        random.chance(0.5) ? "" : random.pick([" ", "\n  ", "\t", "\r\n", "  ", "\n"])
    }

    /// A JSON string literal: required escapes always, optional ones (`\/`, `\uXXXX`) at random.
    static func quoted(_ text: String, _ random: inout SeededRandom) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += random.chance(0.5) ? "\\n" : "\\u000A"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "/": result += random.chance(0.3) ? "\\/" : "/"
            default:
                if scalar.value < 0x20 || (scalar.value >= 0x7F && random.chance(0.3)) {
                    for unit in String(scalar).utf16 { result += String(format: "\\u%04x", unit) }
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// Hex of UTF-8 bytes: how the checker prints strings, so any character survives the round trip.
func hex(_ text: String) -> String { hex(Array(text.utf8)) }
func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
