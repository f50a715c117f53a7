/// Strings and numbers of the JSON reader.
extension JSONScanner {
    mutating func readString() throws -> String {
        let open = location
        index += 1
        // Fast path: most strings have no escape; decode the bytes up to the closing quote at once.
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            guard let text = String(validatingUTF8Bytes: bytes[index..<end]) else {
                throw fail("the string is not valid UTF-8; save the file as UTF-8", at: open)
            }
            index = end + 1
            return text
        }
        var utf8: [UInt8] = Array(bytes[index..<end])
        index = end
        while true {
            guard index < bytes.count else {
                throw fail("unterminated string; close it with '\"'", at: open)
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validatingUTF8Bytes: utf8) else {
                    throw fail("the string is not valid UTF-8; save the file as UTF-8", at: open)
                }
                return text
            case UInt8(ascii: "\\"):
                try readEscape(into: &utf8)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw fail("unterminated string (a string cannot span lines; write \\n for a line break)", at: open)
            case 0..<0x20:
                throw fail(String(format: "control character 0x%02X in a string; escape it as \\u%04X", byte, byte))
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    private mutating func readEscape(into utf8: inout [UInt8]) throws {
        let escape = location
        index += 1
        guard index < bytes.count else { throw fail("unterminated string; close it with '\"'", at: escape) }
        let simple: UInt8?
        switch bytes[index] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            throw fail("invalid escape '\\\(String(decoding: [bytes[index]], as: UTF8.self))'; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX", at: escape)
        }
        if let simple {
            utf8.append(simple)
            index += 1
            return
        }
        index += 1
        var scalar = try readHexQuad(escape: escape)
        if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate must be followed by an escaped low surrogate.
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw fail("lone UTF-16 surrogate \\u\(String(scalar, radix: 16, uppercase: true)); add its low surrogate", at: escape)
            }
            let lowEscape = location
            index += 2
            let low = try readHexQuad(escape: lowEscape)
            guard (0xDC00..<0xE000).contains(low) else {
                throw fail("\\u\(String(low, radix: 16, uppercase: true)) is not a low surrogate", at: lowEscape)
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(scalar) {
            throw fail("lone UTF-16 surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: escape)
        }
        utf8.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
    }

    private mutating func readHexQuad(escape: TextLocation) throws -> UInt32 {
        guard index + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
            bytes[index..<index + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else {
            throw fail("invalid \\u escape; write exactly four hexadecimal digits", at: escape)
        }
        index += 4
        return value
    }

    mutating func readNumber() throws -> String {
        let start = index
        let startLocation = location
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else { throw fail("invalid number; a digit must follow '-'", at: startLocation) }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            throw fail("invalid number; JSON numbers have no leading zeros", at: startLocation)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw fail("invalid number; a digit must follow '.'", at: startLocation) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw fail("invalid number; the exponent has no digits", at: startLocation) }
        }
        if index < bytes.count, !isDelimiter(bytes[index]) {
            throw fail("invalid number; unexpected \(describeByte(at: index)) in it", at: startLocation)
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }
}
