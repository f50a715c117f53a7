import DefaultsFormats
import Testing

/// Titles made from identifiers: the ASCII path (bytes) gives exactly what the character path gives.
@Suite struct ReadableTitleTests {
    @Test func identifiersReadAsWords() {
        #expect(readableTitle(fromIdentifier: "showTips") == "Show Tips")
        #expect(readableTitle(fromIdentifier: "URLCache") == "URL Cache")
        #expect(readableTitle(fromIdentifier: "volume2Level") == "Volume2 Level")
        #expect(readableTitle(fromIdentifier: "snake_case-and more") == "Snake Case And More")
        #expect(readableTitle(fromIdentifier: "café_crème") == "Café Crème")
        #expect(readableTitle(forStoredName: "app.showTips") == "Show Tips")
    }

    /// Seeded random ASCII text over the characters that matter (cases, digits, separators, others).
    @Test func theASCIIPathAgreesWithTheCharacterPath() {
        let alphabet = Array("aZbY09_- .@\r\nxQ")
        var state: UInt64 = 0x5EED
        func next() -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(alphabet.count))
        }
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let text = String((0..<(next() % 12)).map { _ in alphabet[next()] })
            if readableTitle(fromIdentifier: text) != readableTitleByCharacters(text) { disagreements.append(text) }
        }
        #expect(disagreements == [])
    }
}
