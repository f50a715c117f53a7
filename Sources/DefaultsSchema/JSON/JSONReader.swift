/// Reads JSON text into ``JSONNode``s that remember where each token is.
///
/// Foundation's parsers give neither line numbers nor member order, so the schema reader is our own. A syntax
/// error stops the reading (what follows it cannot be trusted); duplicate member names are reported and the
/// reading goes on.
package enum JSONReader {
    /// How deep arrays and objects may nest: deep enough for any schema, shallow enough for any stack.
    package static let maximumDepth = 200

    /// Reads `bytes` (UTF-8, an optional byte-order mark is skipped).
    ///
    /// - Returns: The root value, or `nil` after a syntax error; all problems go to `diagnostics`.
    package static func read(_ bytes: [UInt8], diagnostics: inout Diagnostics) -> JSONNode? {
        var scanner = JSONScanner(bytes: bytes)
        do {
            let root = try scanner.readDocument()
            diagnostics.append(contentsOf: scanner.duplicates)
            return root
        } catch {
            // The scanner throws nothing else. (Untyped `throws`: the iOS 17.4 SDK's standard library, which the
            // Apple compile in CI uses, lacks the typed-throws hook, and the compiler crashes on a typed throw.)
            let error = error as? JSONSyntaxError
                ?? JSONSyntaxError(location: scanner.location, message: Messages.JSON.unexpectedError(error))
            diagnostics.append(contentsOf: scanner.duplicates)
            diagnostics.error(error.location, error.message)
            return nil
        }
    }
}

extension Diagnostics {
    mutating func append(contentsOf other: [Diagnostic]) {
        for diagnostic in other {
            switch diagnostic.severity {
            case .error: error(diagnostic.location, diagnostic.message)
            case .warning: warning(diagnostic.location, diagnostic.message)
            }
        }
    }
}

/// A syntax error: where, and what to do about it.
struct JSONSyntaxError: Error {
    var location: SchemaLocation
    var message: String
}

private let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), slash = UInt8(ascii: "/")
private let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")

struct JSONScanner {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0
    var depth = 0
    var duplicates: [Diagnostic] = []

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
    }

    var location: SchemaLocation { SchemaLocation(line: line, column: index - lineStart + 1) }

    func fail(_ message: String, at location: SchemaLocation? = nil) -> JSONSyntaxError {
        JSONSyntaxError(location: location ?? self.location, message: message)
    }

    mutating func readDocument() throws -> JSONNode {
        try skipWhitespace()
        guard index < bytes.count else {
            throw fail(Messages.JSON.emptyFile())
        }
        let root = try readValue()
        try skipWhitespace()
        if index < bytes.count {
            throw fail(Messages.JSON.textAfterTopLevelValue(found: describeByte(at: index)))
        }
        return root
    }

    mutating func skipWhitespace() throws {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), carriageReturn:
                index += 1
            case newline:
                index += 1
                line += 1
                lineStart = index
            case slash where index + 1 < bytes.count && (bytes[index + 1] == slash || bytes[index + 1] == UInt8(ascii: "*")):
                throw fail(Messages.JSON.comment())
            default:
                return
            }
        }
    }

    mutating func readValue() throws -> JSONNode {
        let start = location
        guard index < bytes.count else { throw fail(Messages.JSON.endInsteadOfValue()) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(value: .object(try readObject()), location: start)
        case UInt8(ascii: "["): return JSONNode(value: .array(try readArray()), location: start)
        case quote: return JSONNode(value: .string(try readString()), location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try readNumber()), location: start)
        default:
            let word = readWord()
            switch word {
            case "true": return JSONNode(value: .bool(true), location: start)
            case "false": return JSONNode(value: .bool(false), location: start)
            case "null": return JSONNode(value: .null, location: start)
            case "": throw fail(Messages.JSON.valueExpected(found: describeByte(at: index)), at: start)
            case "NaN", "Infinity", "+Infinity":
                throw fail(Messages.JSON.nonFiniteNumber(word), at: start)
            default:
                if word.hasPrefix("'") { throw fail(Messages.JSON.singleQuotes(), at: start) }
                throw fail(Messages.JSON.unexpectedWord(word), at: start)
            }
        }
    }

    /// Reads a run of bytes that could form a bare word, for error messages and the literals.
    mutating func readWord() -> String {
        let start = index
        while index < bytes.count, !isDelimiter(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), newline, carriageReturn, UInt8(ascii: ","), UInt8(ascii: ":"),
             UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "{"), quote:
            return true
        default:
            return false
        }
    }

    func describeByte(at position: Int) -> String {
        Messages.JSON.byte(bytes[position])
    }

    mutating func enterContainer() throws {
        depth += 1
        if depth > JSONReader.maximumDepth {
            throw fail(Messages.JSON.tooDeep(maximumDepth: JSONReader.maximumDepth))
        }
    }

    mutating func readObject() throws -> [JSONMember] {
        try enterContainer()
        defer { depth -= 1 }
        let open = location
        index += 1
        var members: [JSONMember] = []
        var firstByName: [String: SchemaLocation] = [:]
        try skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return members }
        while true {
            try skipWhitespace()
            guard index < bytes.count else { throw fail(Messages.JSON.unclosed("}", openedAt: open)) }
            guard bytes[index] == quote else {
                if bytes[index] == UInt8(ascii: "}") { throw fail(Messages.JSON.closedWhereMemberNameExpected()) }
                throw fail(Messages.JSON.memberNameExpected(found: describeByte(at: index)))
            }
            let nameLocation = location
            let name = try readString()
            try skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw fail(Messages.JSON.colonExpected(afterMember: name))
            }
            index += 1
            try skipWhitespace()
            let node = try readValue()
            if let first = firstByName[name] {
                duplicates.append(Diagnostic(.error, at: nameLocation,
                                             Messages.JSON.duplicateMember(name, first: first)))
            } else {
                firstByName[name] = nameLocation
            }
            members.append(JSONMember(name: name, nameLocation: nameLocation, node: node))
            if try closesAfterElement("}", openedAt: open, afterMember: name) {
                return members
            }
        }
    }

    mutating func readArray() throws -> [JSONNode] {
        try enterContainer()
        defer { depth -= 1 }
        let open = location
        index += 1
        var elements: [JSONNode] = []
        try skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return elements }
        while true {
            try skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                throw fail(Messages.JSON.commaInsteadOfValue())
            }
            elements.append(try readValue())
            if try closesAfterElement("]", openedAt: open, afterMember: nil) {
                return elements
            }
        }
    }

    /// Reads what follows an element of an object or array: `true` when `closer` ends the container, `false`
    /// after a comma (a comma right before `closer` is a trailing comma, an error). `member` names the object's
    /// member whose value the element is (`nil` in an array).
    private mutating func closesAfterElement(
        _ closer: Unicode.Scalar, openedAt open: SchemaLocation, afterMember member: String?
    ) throws -> Bool {
        let closing = UInt8(ascii: closer)
        try skipWhitespace()
        guard index < bytes.count else {
            throw fail(Messages.JSON.unclosed(closer, openedAt: open))
        }
        switch bytes[index] {
        case UInt8(ascii: ","):
            let comma = location
            index += 1
            try skipWhitespace()
            if index < bytes.count, bytes[index] == closing {
                throw fail(Messages.JSON.trailingComma(closer), at: comma)
            }
            return false
        case closing:
            index += 1
            return true
        default:
            throw fail(Messages.JSON.commaOrCloserExpected(closer, afterMember: member, found: describeByte(at: index)))
        }
    }
}
