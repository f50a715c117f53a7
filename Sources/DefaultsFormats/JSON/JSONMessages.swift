import Foundation

/// The JSON reader's syntax errors, and duplicate members. What a file is for (a schema, an exported settings file)
/// is said by ``JSONDocumentKind``.
enum JSONMessages {
    /// A byte in a message: itself when printable ASCII, else its hex value.
    static func byte(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return String(format: "byte 0x%02X", byte)
    }

    /// When the scanner throws an error of another kind (it throws none).
    static func unexpectedError(_ error: any Error) -> String { "\(error)" }

    static func emptyFile(_ kind: JSONDocumentKind) -> String { "the file is empty; \(kind.expectedRoot)" }

    static func textAfterTopLevelValue(found: String) -> String { "unexpected \(found) after the end of the top-level value; remove it" }

    static func comment(_ kind: JSONDocumentKind) -> String { "JSON does not allow comments" + kind.commentHint }

    /// When the file ends where a value is expected.
    static func endInsteadOfValue() -> String { "unexpected end of file; a value is missing" }

    static func valueExpected(found: String) -> String { "unexpected \(found); a value is expected here" }

    /// When a word is `NaN` or an infinity.
    static func nonFiniteNumber(_ word: String) -> String { "'\(word)' is not a JSON number; JSON numbers are finite" }

    static func singleQuotes() -> String { "JSON strings use double quotes, not single quotes" }

    /// When a bare word is no JSON literal.
    static func unexpectedWord(_ word: String) -> String { "unexpected '\(word)'; write a string in double quotes, a number, true, false or null" }

    static func tooDeep(maximumDepth: Int, _ kind: JSONDocumentKind) -> String { "arrays and objects nest deeper than \(maximumDepth) levels; \(kind.name) never needs that" }

    /// When the file ends inside an object (`closer` `}`) or an array (`]`).
    static func unclosed(_ closer: Unicode.Scalar, openedAt open: TextLocation) -> String {
        let container = closer == "}" ? "object" : "array"
        return "unexpected end of file; the \(container) opened at \(open) is not closed with '\(closer)'"
    }

    /// When an object closes right after a comma.
    static func closedWhereMemberNameExpected() -> String { "unexpected '}'; a member name in double quotes is expected" }

    static func memberNameExpected(found: String) -> String { "expected a member name in double quotes, found \(found)" }

    static func colonExpected(afterMember name: String) -> String { "expected ':' after the member name \"\(name)\"" }

    static func duplicateMember(_ name: String, first: TextLocation) -> String { "duplicate member \"\(name)\" (first at \(first)); keep one" }

    static func trailingComma(_ closer: Unicode.Scalar) -> String { "trailing comma before '\(closer)'; remove it" }

    /// When neither a comma nor `closer` follows an element; `member` names the object member it follows (`nil`
    /// in an array).
    static func commaOrCloserExpected(
        _ closer: Unicode.Scalar, afterMember member: String?, found: String
    ) -> String {
        let place = member.map { "after the value of \"\($0)\"" } ?? "in the array"
        return "expected ',' or '\(closer)' \(place), found \(found)"
    }

    /// When a comma comes where an array's element is expected.
    static func commaInsteadOfValue() -> String { "unexpected ','; a value is missing" }
}

/// What a JSON file read by ``JSONReader`` is for: its messages say what the file should hold.
package struct JSONDocumentKind: Sendable {
    /// "a schema", "a settings file".
    let name: String
    /// What an empty file should have held.
    let expectedRoot: String
    /// Where the text of a comment could go instead (empty, or starting with "; ").
    let commentHint: String

    package init(name: String, expectedRoot: String, commentHint: String) {
        self.name = name
        self.expectedRoot = expectedRoot
        self.commentHint = commentHint
    }
}
