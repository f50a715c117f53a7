import DefaultsFormats
@testable import DefaultsSchema
import Testing

private func read(_ text: String) -> (JSONNode?, [Diagnostic]) {
    var diagnostics = Diagnostics()
    let node = JSONReader.read(Array(text.utf8), diagnostics: &diagnostics)
    return (node, diagnostics.all)
}

@Suite struct JSONReaderTests {
    @Test func keepsMemberOrderAndLocations() throws {
        let (node, diagnostics) = read("{\n  \"b\": 1,\n  \"a\": [true, null, \"x\"]\n}")
        #expect(diagnostics.isEmpty)
        guard case .object(let members)? = node?.value else { Issue.record("not an object"); return }
        #expect(members.map(\.name) == ["b", "a"])
        #expect(members[0].nameLocation == SchemaLocation(line: 2, column: 3))
        #expect(members[1].node.location == SchemaLocation(line: 3, column: 8))
        guard case .array(let elements) = members[1].node.value else { Issue.record("not an array"); return }
        #expect(elements.map(\.location.column) == [9, 15, 21])
    }

    @Test func byteOrderMarkIsSkippedAndColumnsStayRight() {
        let (node, diagnostics) = read("\u{FEFF}{\"keys\": ‸}".replacingOccurrences(of: "‸", with: "x"))
        #expect(node == nil)
        #expect(diagnostics.first?.location == SchemaLocation(line: 1, column: 10))
    }

    @Test func unescapesStringsExactly() {
        let (node, _) = read(#"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\ud83d\ude00", "é"]"#)
        guard case .array(let elements)? = node?.value else { Issue.record("not an array"); return }
        let strings = elements.compactMap { if case .string(let text) = $0.value { return text } else { return nil } }
        #expect(strings == ["a\"b\\c/d\u{8}\u{C}\n\r\t", "é\u{1F600}", "é"])
    }

    @Test func numbersKeepTheirText() {
        let (node, _) = read("[-0, 1.50, 2e10, -3E-2, 18446744073709551616]")
        guard case .array(let elements)? = node?.value else { Issue.record("not an array"); return }
        let texts = elements.compactMap { if case .number(let text) = $0.value { return text } else { return nil } }
        #expect(texts == ["-0", "1.50", "2e10", "-3E-2", "18446744073709551616"])
    }

    @Test func columnsCountUTF8BytesLikeTheCompiler() {
        let (_, diagnostics) = read(#"{"é": 1,}"#)
        #expect(diagnostics.first?.location == SchemaLocation(line: 1, column: 9))
    }

    @Test func crlfLineEndingsCountOneLine() {
        let (_, diagnostics) = read("{\r\n\"a\": 1,\r\n}")
        #expect(diagnostics.first?.location == SchemaLocation(line: 2, column: 7))
    }

    @Test func depthLimitIsAnError() {
        let (_, ok) = read(String(repeating: "[", count: JSONReader.maximumDepth) + String(repeating: "]", count: JSONReader.maximumDepth))
        #expect(ok.isEmpty)
        let depth = JSONReader.maximumDepth + 1
        let (node, tooDeep) = read(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        #expect(node == nil)
        #expect(tooDeep.first?.location == SchemaLocation(line: 1, column: depth))
    }

    @Test func nodesCompareByValueAndLocation() throws {
        let (first, _) = read(#"{"a": [1, "x"]}"#)
        let (same, _) = read(#"{"a": [1, "x"]}"#)
        let (otherValue, _) = read(#"{"a": [2, "x"]}"#)
        let (otherName, _) = read(#"{"b": [1, "x"]}"#)
        #expect(first != nil && first == same)
        #expect(first != otherValue)
        #expect(first != otherName)
    }

    @Test func invalidUTF8InAStringIsAnError() {
        var bytes = Array(#"{"a": "x"}"#.utf8)
        bytes[7] = 0xFF
        var diagnostics = Diagnostics()
        #expect(JSONReader.read(bytes, diagnostics: &diagnostics) == nil)
        #expect(diagnostics.all.first?.description == "1:7: error: the string is not valid UTF-8; save the file as UTF-8")
    }

    /// The generator's own UTF-8 check (the standard library's needs macOS 15 / iOS 18) refuses what the Unicode
    /// standard calls ill-formed, on both the fast path and the path of strings with escapes.
    @Test(arguments: [
        [0xC0, 0xAF],             // overlong "/"
        [0xE0, 0x80, 0xAF],       // overlong, three bytes
        [0xED, 0xA0, 0x80],       // a UTF-16 surrogate
        [0xF4, 0x90, 0x80, 0x80], // above U+10FFFF
        [0xE2, 0x82],             // truncated
        [0x80],                   // a stray continuation byte
    ] as [[UInt8]])
    func illFormedUTF8IsRefused(sequence: [UInt8]) {
        for prefix in [#"{"a": "x"#, #"{"a": "\n"#] {
            let bytes = Array(prefix.utf8) + sequence + Array(#"y"}"#.utf8)
            var diagnostics = Diagnostics()
            #expect(JSONReader.read(bytes, diagnostics: &diagnostics) == nil)
            #expect(diagnostics.all.first?.description == "1:7: error: the string is not valid UTF-8; save the file as UTF-8")
        }
    }

    @Test func wellFormedUTF8ReadsAsWritten() throws {
        for text in ["é", "日本語", "🎛️", #"a\u00e9b\n𝄞"#] {
            let (node, diagnostics) = read(#"{"a": "\#(text)"}"#)
            #expect(diagnostics.isEmpty)
            #expect(node != nil)
        }
        #expect(String(validatingUTF8Bytes: Array("x🎛️é".utf8)) == "x🎛️é")
    }
}
