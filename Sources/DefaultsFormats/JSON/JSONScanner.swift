/// Where in a text file: a 1-based line and column (in UTF-8 bytes, as `swiftc` and `clang` count).
package struct TextLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The 1-based line.
    package var line: Int
    /// The 1-based column, counted in UTF-8 bytes.
    package var column: Int

    /// A location at `line`:`column`.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    package var description: String { "\(line):\(column)" }

    /// Orders locations as they appear in the file.
    package static func < (lhs: TextLocation, rhs: TextLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// This location moved `count` bytes to the right on the same line.
    package func advanced(by count: Int) -> TextLocation { TextLocation(line: line, column: column + count) }
}

/// A problem the JSON reader found: where, and what to do about it.
package struct JSONProblem: Error, Sendable, Equatable {
    package var location: TextLocation
    package var message: String
}

/// Reads JSON text into ``JSONNode``s that remember where each token is.
///
/// Foundation's parsers give neither line numbers nor member order, nor refuse duplicate members, so the reader is
/// our own (the schema reader's, and the settings import's). A syntax error stops the reading (what follows it
/// cannot be trusted); duplicate member names are reported and the reading goes on.
package enum JSONReader {
    /// How deep arrays and objects may nest: deep enough for any schema or settings file, shallow enough for any
    /// stack.
    package static let maximumDepth = 200

    /// Reads `bytes` (UTF-8, an optional byte-order mark is skipped): the root value, or `nil` after a syntax
    /// error, and every problem found (the syntax error last).
    package static func read(_ bytes: [UInt8], as kind: JSONDocumentKind) -> (root: JSONNode?, problems: [JSONProblem]) {
        var scanner = JSONScanner(bytes: bytes, kind: kind)
        do {
            let root = try scanner.readDocument()
            return (root, scanner.duplicates)
        } catch {
            // The scanner throws nothing else. (Untyped `throws`: the iOS 17.4 SDK's standard library, which the
            // Apple compile in CI uses, lacks the typed-throws hook, and the compiler crashes on a typed throw.)
            let error = error as? JSONProblem
                ?? JSONProblem(location: scanner.location, message: JSONMessages.unexpectedError(error))
            return (nil, scanner.duplicates + [error])
        }
    }
}

private let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), slash = UInt8(ascii: "/")
private let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")

struct JSONScanner {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0
    var depth = 0
    let kind: JSONDocumentKind
    var duplicates: [JSONProblem] = []

    init(bytes: [UInt8], kind: JSONDocumentKind) {
        self.bytes = bytes
        self.kind = kind
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
    }

    var location: TextLocation { TextLocation(line: line, column: index - lineStart + 1) }

    func fail(_ message: String, at location: TextLocation? = nil) -> JSONProblem {
        JSONProblem(location: location ?? self.location, message: message)
    }

    mutating func readDocument() throws -> JSONNode {
        try skipWhitespace()
        guard index < bytes.count else {
            throw fail(JSONMessages.emptyFile(kind))
        }
        let root = try readValue()
        try skipWhitespace()
        if index < bytes.count {
            throw fail(JSONMessages.textAfterTopLevelValue(found: describeByte(at: index)))
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
                throw fail(JSONMessages.comment(kind))
            default:
                return
            }
        }
    }

    mutating func readValue() throws -> JSONNode {
        let start = location
        guard index < bytes.count else { throw fail(JSONMessages.endInsteadOfValue()) }
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
            case "": throw fail(JSONMessages.valueExpected(found: describeByte(at: index)), at: start)
            case "NaN", "Infinity", "+Infinity":
                throw fail(JSONMessages.nonFiniteNumber(word), at: start)
            default:
                if word.hasPrefix("'") { throw fail(JSONMessages.singleQuotes(), at: start) }
                throw fail(JSONMessages.unexpectedWord(word), at: start)
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
        JSONMessages.byte(bytes[position])
    }

    mutating func enterContainer() throws {
        depth += 1
        if depth > JSONReader.maximumDepth {
            throw fail(JSONMessages.tooDeep(maximumDepth: JSONReader.maximumDepth, kind))
        }
    }

    mutating func readObject() throws -> [JSONMember] {
        try enterContainer()
        defer { depth -= 1 }
        let open = location
        index += 1
        var members: [JSONMember] = []
        var firstByName: [String: TextLocation] = [:]
        try skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return members }
        while true {
            try skipWhitespace()
            guard index < bytes.count else { throw fail(JSONMessages.unclosed("}", openedAt: open)) }
            guard bytes[index] == quote else {
                if bytes[index] == UInt8(ascii: "}") { throw fail(JSONMessages.closedWhereMemberNameExpected()) }
                throw fail(JSONMessages.memberNameExpected(found: describeByte(at: index)))
            }
            let nameLocation = location
            let name = try readString()
            try skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw fail(JSONMessages.colonExpected(afterMember: name))
            }
            index += 1
            try skipWhitespace()
            let node = try readValue()
            if let first = firstByName[name] {
                duplicates.append(JSONProblem(location: nameLocation, message: JSONMessages.duplicateMember(name, first: first)))
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
                throw fail(JSONMessages.commaInsteadOfValue())
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
        _ closer: Unicode.Scalar, openedAt open: TextLocation, afterMember member: String?
    ) throws -> Bool {
        let closing = UInt8(ascii: closer)
        try skipWhitespace()
        guard index < bytes.count else {
            throw fail(JSONMessages.unclosed(closer, openedAt: open))
        }
        switch bytes[index] {
        case UInt8(ascii: ","):
            let comma = location
            index += 1
            try skipWhitespace()
            if index < bytes.count, bytes[index] == closing {
                throw fail(JSONMessages.trailingComma(closer), at: comma)
            }
            return false
        case closing:
            index += 1
            return true
        default:
            throw fail(JSONMessages.commaOrCloserExpected(closer, afterMember: member, found: describeByte(at: index)))
        }
    }
}
