import DefaultsFormats

/// A tiny indenting writer: generated code is built line by line, never by pasting strings together.
struct CodeWriter {
    private(set) var text = ""
    private var indentation = 0

    /// Room for `bytes` more of text, so that a long file is not copied as it grows.
    mutating func reserve(_ bytes: Int) {
        text.reserveCapacity(text.utf8.count + bytes)
    }

    /// Appends one line at the current indentation (an empty line has no trailing spaces).
    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            for _ in 0..<indentation { text += "    " }
            text += content
        }
        text += "\n"
    }

    /// The width `text` takes in characters: its UTF-8 length when that is already at most `limit` (a character
    /// is at least one byte), else its count of characters.
    private static func width(_ text: String, atMost limit: Int) -> Int {
        let bytes = text.utf8.count
        return bytes <= limit ? bytes : text.count
    }

    /// The widest a generated line should be, indentation included, where the generator can choose.
    static let preferredWidth = 120

    /// Appends a doc comment, one `///` line per line of `text`, long lines wrapped at spaces to
    /// ``preferredWidth`` (a word longer than that stays whole).
    mutating func docComment(_ text: String) {
        let width = max(40, Self.preferredWidth - indentation * 4 - 4)
        for line in SwiftNames.docCommentLines(text) {
            for part in Self.wrapped(line, width: width) { self.line(part.isEmpty ? "///" : "/// \(part)") }
        }
    }

    /// `text` in lines of at most `width` characters, broken at spaces.
    static func wrapped(_ text: String, width: Int) -> [String] {
        guard Self.width(text, atMost: width) > width else { return [text] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !current.isEmpty, current.count + 1 + word.count > width {
                lines.append(current)
                current = String(word)
            } else {
                current += current.isEmpty ? String(word) : " " + word
            }
        }
        lines.append(current)
        return lines
    }

    /// Appends `prefix(arguments)`: on one line when it fits ``preferredWidth``, otherwise one argument a line (an
    /// argument of several lines keeps its own line breaks, its later lines indented as written).
    mutating func call(_ prefix: String, arguments: [String], suffix: String = "") {
        let multiline = arguments.contains { $0.utf8.contains(UInt8(ascii: "\n")) }
        if !multiline {
            let oneLine = "\(prefix)(\(arguments.joined(separator: ", ")))\(suffix)"
            let room = Self.preferredWidth - indentation * 4
            if arguments.count < 2 || Self.width(oneLine, atMost: room) <= room {
                line(oneLine)
                return
            }
        }
        block("\(prefix)(", closer: ")\(suffix)") { list in
            for (index, argument) in arguments.enumerated() {
                let lines = argument.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                for (number, text) in lines.enumerated() {
                    list.line(String(Substring(text)) + (number == lines.count - 1 && index != arguments.count - 1 ? "," : ""))
                }
            }
        }
    }

    /// Appends the lines `body` writes, one level deeper.
    mutating func indented(_ body: (inout CodeWriter) -> Void) {
        indentation += 1
        body(&self)
        indentation -= 1
    }

    /// Appends `opener {`, the body one level deeper, and `closer` (`}` unless given, such as `}()`).
    /// An opener that ends in `(` or `[` opens a bracketed list instead of a brace block.
    mutating func block(_ opener: String, closer: String = "}", _ body: (inout CodeWriter) -> Void) {
        line(opener.hasSuffix("(") || opener.hasSuffix("[") ? opener : "\(opener) {")
        indentation += 1
        body(&self)
        indentation -= 1
        line(closer)
    }
}

extension CodeWriter {
    /// Writes `body` between `#sourceLocation` lines that point at `location` of the schema at `sourcePath`, so the
    /// compiler reports an error in it (a Swift expression the schema gives) at the schema line; without both, as is.
    mutating func sourceLocation(of location: SchemaLocation?, in sourcePath: String?, _ body: (inout CodeWriter) -> Void) {
        guard let location, let sourcePath else { return body(&self) }
        line("#sourceLocation(file: \(SwiftNames.stringLiteral(sourcePath)), line: \(location.line))")
        body(&self)
        line("#sourceLocation()")
    }
}
