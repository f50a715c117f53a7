/// A small, fast, seedable generator (SplitMix64): the same seed always gives the same schemas.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }

    mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &self)] }
}

/// Strings that try to break out of Swift literals and comments, or hide text: quotes, backslashes, `"""`,
/// raw-string delimiters, comment markers, line breaks, NUL, bidi overrides, zero-width and emoji.
let injectionStrings: [String] = [
    "\"", "\\", "\"\"\"", "#\"", "\"#", "##\"", "*/", "/*", "//", "\n", "\r\n", "\r", "\u{0}", "\t",
    "\u{202E}", "\u{2066}", "\u{200B}", "\u{2028}", "\u{FEFF}", "\u{1F600}", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
    "\\(print(\"pwned\"))", "\"); print(\"pwned\"); (\"", "*/ print(\"pwned\") /*", "\\u{41}", "\\n", "$0", "é", "日本語",
    "<script>", "'", "`", "${x}", "%@", "\u{7F}", "\u{85}", "a\u{301}",
]

extension SeededRandom {
    /// A string made of plain text and injection pieces.
    mutating func oddString(maxPieces: Int = 4) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...maxPieces, using: &self) {
            text += chance(0.6) ? pick(injectionStrings) : pick(["plain", "Text", " ", "-", "x.y", "42", "ß"])
        }
        return text
    }
}
