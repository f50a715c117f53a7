import DefaultsFormats

/// What makes a valid Swift identifier, and how to write any string safely into Swift source.
enum SwiftNames {
    /// Words that must be escaped with backticks to be used as a name. Escaping a word that needs none is
    /// harmless, so the list errs on the side of escaping.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "async", "some", "any", "actor", "macro", "each",
        "consume", "copy", "discard", "sending", "then", "yield",
    ]

    /// Names that cannot be declared even with backticks.
    static let unusableNames: Set<String> = ["_", "self", "Self", "init", "deinit", "subscript", "Type", "Protocol"]

    /// Whether `name` is a Swift identifier (Unicode letters, digits and `_`, not starting with a digit).
    /// Whether `name` can be written as it is where a declaration's name goes (a type, a namespace, a class):
    /// an identifier that is neither a keyword nor one of the names Swift reserves.
    static func isUsableIdentifier(_ name: String) -> Bool {
        isIdentifier(name) && !keywords.contains(name) && !unusableNames.contains(name)
    }

    static func isIdentifier(_ name: String) -> Bool {
        var scalars = name.unicodeScalars.makeIterator()
        guard let first = scalars.next(), first == "_" || isASCIILetter(first) || (!first.isASCII && first.properties.isXIDStart) else { return false }
        while let scalar = scalars.next() {
            // ASCII first: Unicode property lookups were a tenth of a 10,000-key run.
            guard isASCIILetter(scalar) || isASCIIDigit(scalar) || scalar == "_" || (!scalar.isASCII && scalar.properties.isXIDContinue) else { return false }
        }
        return true
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// `name` as written in a declaration: in backticks when it is a keyword.
    static func escapedIdentifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// A Swift identifier for an enum case made from its raw value: `"dark-mode"` → `darkMode`,
    /// `"HTTPS only"` → `httpsOnly`, `"2x"` → `_2x`. `nil` when the value has no letters or digits.
    static func caseIdentifier(fromRawValue rawValue: String) -> String? {
        var words: [String] = []
        var word = ""
        for scalar in rawValue.unicodeScalars {
            if scalar.properties.isXIDContinue && scalar != "_" {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        guard let firstWord = words.first else { return nil }
        var identifier = firstWord == firstWord.uppercased() ? firstWord.lowercased()
            : firstWord.prefix(1).lowercased() + firstWord.dropFirst()
        for next in words.dropFirst() { identifier += next.prefix(1).uppercased() + next.dropFirst() }
        if let first = identifier.unicodeScalars.first, !first.properties.isXIDStart { identifier = "_" + identifier }
        return identifier
    }

    /// `text` as a Swift string literal that reads back as exactly `text`: quotes, backslashes, control and
    /// invisible characters (bidi overrides included) are escaped, so nothing can end the literal early.
    static func stringLiteral(_ text: String) -> String {
        // Printable ASCII without a quote or a backslash (most names and defaults) is written as it is.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        let escaped = backslashEscaped(text) { scalar in
            if scalar == "\0" { return "\\0" }
            return needsEscape(scalar) ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : nil
        }
        return "\"" + escaped + "\""
    }

    /// The lines of a doc comment for `text`: every line break of any kind starts a new line, and invisible
    /// characters are shown as `\u{...}` so that no text can hide in, or break out of, the comment.
    static func docCommentLines(_ text: String) -> [String] {
        // Printable ASCII (most names and defaults) needs no escape and has no line break.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            var line = text
            while line.hasSuffix(" ") { line.removeLast() }
            return [line]
        }
        var lines: [String] = []
        var line = ""
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\n" where previous == "\r":
                continue
            case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
                lines.append(line)
                line = ""
            case "\t":
                line += "    "
            default:
                if needsEscape(scalar) {
                    line += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    line.unicodeScalars.append(scalar)
                }
            }
        }
        lines.append(line)
        for index in lines.indices {
            while lines[index].hasSuffix(" ") { lines[index].removeLast() }
        }
        return lines
    }

    /// Control, format (bidi and zero-width), separator, private-use and unassigned characters.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value >= 0x20 && scalar.value < 0x7F { return false }  // printable ASCII, without a lookup
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
            return true
        default:
            return scalar.properties.isNoncharacterCodePoint
        }
    }
}
