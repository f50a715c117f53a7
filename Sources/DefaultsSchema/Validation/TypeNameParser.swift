/// Parses a type in Swift spelling: `Int`, `[T]`, `[String: T]`, `Set<T>`, `T?`, a schema enum or record
/// type, or a user type.
struct TypeNameParser {
    /// A parse error and its byte offset in the type string.
    struct Failure: Error {
        var offset: Int
        var message: String
    }

    private let text: [UInt8]
    private var index = 0

    /// Parses `text`; `declared` gives the type of a name the schema declares (an enum or a record type).
    static func parse(_ text: String, declared: (String) -> SchemaType?) -> Result<SchemaType, Failure> {
        var parser = TypeNameParser(text: Array(text.utf8))
        do {
            parser.skipSpaces()
            guard !parser.text.isEmpty, parser.index < parser.text.count else {
                throw Failure(offset: 0, message: "the type is empty; write a Swift type such as \"Int\" or \"[String]\"")
            }
            let type = try parser.parseType(declared: declared, depth: 0)
            parser.skipSpaces()
            if parser.index < parser.text.count {
                throw Failure(offset: parser.index, message: "unexpected '\(parser.rest)' in the type \"\(text)\"")
            }
            return .success(type)
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(offset: 0, message: "\(error)"))
        }
    }

    private var rest: String { String(decoding: text[index...], as: UTF8.self) }

    private mutating func skipSpaces() {
        while index < text.count, text[index] == UInt8(ascii: " ") { index += 1 }
    }

    private mutating func parseType(declared: (String) -> SchemaType?, depth: Int) throws -> SchemaType {
        guard depth < 32 else { throw Failure(offset: index, message: "the type nests too deeply") }
        skipSpaces()
        let start = index
        var type: SchemaType
        if index < text.count, text[index] == UInt8(ascii: "[") {
            index += 1
            let first = try parseType(declared: declared, depth: depth + 1)
            skipSpaces()
            if index < text.count, text[index] == UInt8(ascii: ":") {
                guard first == .builtin(.string) else {
                    throw Failure(offset: start + 1, message: "dictionary keys must be String (property lists allow no other); write [String: ...]")
                }
                index += 1
                let value = try parseType(declared: declared, depth: depth + 1)
                type = .dictionary(value)
            } else {
                type = .array(first)
            }
            skipSpaces()
            guard index < text.count, text[index] == UInt8(ascii: "]") else {
                throw Failure(offset: index, message: "expected ']' to close the '[' at offset \(start + 1) of the type")
            }
            index += 1
        } else {
            let name = readName()
            guard !name.isEmpty else {
                let found = index < text.count ? "'\(rest)'" : "the end"
                throw Failure(offset: index, message: "expected a type name, found \(found)")
            }
            skipSpaces()
            if name == "Set", index < text.count, text[index] == UInt8(ascii: "<") {
                index += 1
                let element = try parseType(declared: declared, depth: depth + 1)
                skipSpaces()
                guard index < text.count, text[index] == UInt8(ascii: ">") else {
                    throw Failure(offset: index, message: "expected '>' to close Set<")
                }
                index += 1
                if element.isOptional {
                    throw Failure(offset: start, message: "a set cannot hold nil (property lists have no null); drop the inner '?'")
                }
                type = .set(element)
            } else if name == "SwiftUI.Color" {
                type = .builtin(.color)
            } else if let builtin = BuiltinType(rawValue: name), !builtin.isColor {
                // A colour's own name (`Color`) is left as a user type here: a type of that name the schema
                // declares wins, which only the caller knows (`resolvingColorNames(isDeclared:)`).
                type = .builtin(builtin)
            } else if let declaredType = declared(name) {
                type = declaredType
            } else if let wellKnown = Self.unsupportedNames[name] {
                throw Failure(offset: start, message: wellKnown)
            } else {
                type = .custom(name)
            }
        }
        skipSpaces()
        if index < text.count, text[index] == UInt8(ascii: "?") {
            index += 1
            skipSpaces()
            if index < text.count, text[index] == UInt8(ascii: "?") {
                throw Failure(offset: index, message: "a double optional cannot be stored; use a single '?'")
            }
            type = .optional(type)
        }
        return type
    }

    /// A dotted name: `Profile` or `MyModule.Profile`.
    private mutating func readName() -> String {
        let start = index
        while index < text.count {
            let byte = text[index]
            let isNamePart = byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            guard isNamePart else { break }
            index += 1
        }
        return String(decoding: text[start..<index], as: UTF8.self)
    }

    /// Names a user might write that the runtime cannot store, with the fix.
    private static let unsupportedNames: [String: String] = [
        "Any": "Any cannot be stored type-safely; name a concrete type, or \"TypedDefaults.DefaultsPropertyList\" for a property-list value of any shape",
        "AnyObject": "AnyObject cannot be stored type-safely; name a concrete type, or \"TypedDefaults.DefaultsPropertyList\" for a property-list value of any shape",
        "AnyHashable": "AnyHashable cannot be stored type-safely; name a concrete type, or \"TypedDefaults.DefaultsPropertyList\" for a property-list value of any shape",
        "NSObject": "NSObject cannot be stored type-safely; name a concrete type, or \"TypedDefaults.DefaultsPropertyList\" for a property-list value of any shape",
        "Float16": "Float16 is not available on every platform; use Float",
        "Float80": "Float80 is not available on every platform; use Double",
        "Character": "Character is not storable; use String",
        "NSNumber": "use a Swift number type such as Int or Double",
        "Optional": "write an optional as T?",
        "Array": "write an array as [T]",
        "Dictionary": "write a dictionary as [String: T]",
        "Set": "write a set as Set<T>",
        "NSColor": "NSColor is not a schema type (the library gives it no DefaultsSerializable conformance); use \"Color\" or \"CGColor\", which read archived NSColor data and store the same colour",
    ]
}
