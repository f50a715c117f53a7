@testable import DefaultsSchema
import Testing

@Suite struct SwiftSyntaxTests {
    @Test(arguments: [
        ("dark-mode", "darkMode"), ("light", "light"), ("HTTPS only", "httpsOnly"), ("2x", "_2x"),
        ("Dark Mode", "darkMode"), ("snake_case", "snakeCase"), ("é-clair", "éClair"), ("a.b.c", "aBC"),
    ])
    func caseIdentifiers(raw: String, identifier: String) {
        #expect(SwiftSyntax.caseIdentifier(fromRawValue: raw) == identifier)
    }

    @Test func caseIdentifierNeedsALetterOrDigit() {
        #expect(SwiftSyntax.caseIdentifier(fromRawValue: "--") == nil)
        #expect(SwiftSyntax.caseIdentifier(fromRawValue: "") == nil)
    }

    @Test func identifiersAndKeywords() {
        #expect(SwiftSyntax.isIdentifier("größe"))
        #expect(SwiftSyntax.isIdentifier("_private"))
        #expect(!SwiftSyntax.isIdentifier("2fast"))
        #expect(!SwiftSyntax.isIdentifier("a-b"))
        #expect(!SwiftSyntax.isIdentifier(""))
        #expect(SwiftSyntax.escapedIdentifier("default") == "`default`")
        #expect(SwiftSyntax.escapedIdentifier("volume") == "volume")
    }

    @Test func stringLiteralsCannotBeBrokenOutOf() {
        #expect(SwiftSyntax.stringLiteral(#"a"b\c"#) == #""a\"b\\c""#)
        #expect(SwiftSyntax.stringLiteral(String(repeating: "\"", count: 3)) == "\"" + String(repeating: "\\\"", count: 3) + "\"")
        #expect(SwiftSyntax.stringLiteral("#\"") == "\"#\\\"\"")
        #expect(SwiftSyntax.stringLiteral("\\(x)") == #""\\(x)""#)
        #expect(SwiftSyntax.stringLiteral("line\nnext\r\t\0") == #""line\nnext\r\t\0""#)
        #expect(SwiftSyntax.stringLiteral("\u{202E}\u{200B}\u{2028}") == #""\u{202E}\u{200B}\u{2028}""#)
        #expect(SwiftSyntax.stringLiteral("emoji \u{1F600} é") == "\"emoji \u{1F600} é\"")
    }

    @Test func docCommentsSplitEveryLineBreakAndShowInvisibles() {
        #expect(SwiftSyntax.docCommentLines("a\nb\r\nc\rd\u{2028}e") == ["a", "b", "c", "d", "e"])
        #expect(SwiftSyntax.docCommentLines("ends */ here \u{202E}x  ") == ["ends */ here \\u{202E}x"])
        #expect(SwiftSyntax.docCommentLines("nul\u{0}") == ["nul\\u{0}"])
    }
}
