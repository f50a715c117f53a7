@testable import DefaultsSchema
import Testing

@Suite struct SwiftSyntaxTests {
    @Test(arguments: [
        ("dark-mode", "darkMode"), ("light", "light"), ("HTTPS only", "httpsOnly"), ("2x", "_2x"),
        ("Dark Mode", "darkMode"), ("snake_case", "snakeCase"), ("é-clair", "éClair"), ("a.b.c", "aBC"),
    ])
    func caseIdentifiers(raw: String, identifier: String) {
        #expect(SwiftNames.caseIdentifier(fromRawValue: raw) == identifier)
    }

    @Test func caseIdentifierNeedsALetterOrDigit() {
        #expect(SwiftNames.caseIdentifier(fromRawValue: "--") == nil)
        #expect(SwiftNames.caseIdentifier(fromRawValue: "") == nil)
    }

    @Test func identifiersAndKeywords() {
        #expect(SwiftNames.isIdentifier("größe"))
        #expect(SwiftNames.isIdentifier("_private"))
        #expect(!SwiftNames.isIdentifier("2fast"))
        #expect(!SwiftNames.isIdentifier("a-b"))
        #expect(!SwiftNames.isIdentifier(""))
        #expect(SwiftNames.escapedIdentifier("default") == "`default`")
        #expect(SwiftNames.escapedIdentifier("volume") == "volume")
    }

    @Test func stringLiteralsCannotBeBrokenOutOf() {
        #expect(SwiftNames.stringLiteral(#"a"b\c"#) == #""a\"b\\c""#)
        #expect(SwiftNames.stringLiteral(String(repeating: "\"", count: 3)) == "\"" + String(repeating: "\\\"", count: 3) + "\"")
        #expect(SwiftNames.stringLiteral("#\"") == "\"#\\\"\"")
        #expect(SwiftNames.stringLiteral("\\(x)") == #""\\(x)""#)
        #expect(SwiftNames.stringLiteral("line\nnext\r\t\0") == #""line\nnext\r\t\0""#)
        #expect(SwiftNames.stringLiteral("\u{202E}\u{200B}\u{2028}") == #""\u{202E}\u{200B}\u{2028}""#)
        #expect(SwiftNames.stringLiteral("emoji \u{1F600} é") == "\"emoji \u{1F600} é\"")
    }

    @Test func docCommentsSplitEveryLineBreakAndShowInvisibles() {
        #expect(SwiftNames.docCommentLines("a\nb\r\nc\rd\u{2028}e") == ["a", "b", "c", "d", "e"])
        #expect(SwiftNames.docCommentLines("ends */ here \u{202E}x  ") == ["ends */ here \\u{202E}x"])
        #expect(SwiftNames.docCommentLines("nul\u{0}") == ["nul\\u{0}"])
    }
}
