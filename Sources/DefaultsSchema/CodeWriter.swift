/// A tiny indenting writer: generated code is built line by line, never by pasting strings together.
struct CodeWriter {
    private(set) var text = ""
    private var indentation = 0

    /// Appends one line at the current indentation (an empty line has no trailing spaces).
    mutating func line(_ content: String = "") {
        if !content.isEmpty { text += String(repeating: "    ", count: indentation) + content }
        text += "\n"
    }

    /// Appends a doc comment, one `///` line per line of `text`.
    mutating func docComment(_ text: String) {
        for line in SwiftNames.docCommentLines(text) { self.line(line.isEmpty ? "///" : "/// \(line)") }
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
