/// A JSON value as written in the schema, with the location of every token and members in file order.
package struct JSONNode: Sendable, Equatable {
    /// The value.
    package var value: JSONValue
    /// Where the value's first character is.
    package var location: TextLocation
}

/// A member of a JSON object: its name, where the name is, and its value.
package struct JSONMember: Sendable, Equatable {
    /// The member name, unescaped.
    package var name: String
    /// Where the name's opening quote is.
    package var nameLocation: TextLocation
    /// The member's value.
    package var node: JSONNode
}

/// A JSON value. Numbers keep their text, so integers beyond `Double` precision are checked exactly.
package indirect enum JSONValue: Sendable, Equatable {
    /// An object, members in file order (duplicates are reported by the reader).
    case object([JSONMember])
    /// An array.
    case array([JSONNode])
    /// A string, unescaped.
    case string(String)
    /// A number, as written.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// A short name of the value's kind for messages: "a string", "an object", ...
    package var kindDescription: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number(let text): return isIntegerText(text) ? "an integer" : "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

/// Whether a JSON number's text has no fraction and no exponent.
package func isIntegerText(_ text: String) -> Bool {
    !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
}
