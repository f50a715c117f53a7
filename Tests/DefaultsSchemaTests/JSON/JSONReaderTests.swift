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
}
