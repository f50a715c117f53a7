/// Checks an XML property list's text before Foundation parses it: `PropertyListSerialization` takes the last of
/// two equal keys in silence and recurses as deep as the file nests, so a hostile file could lose a setting or the
/// stack. Reads only the structure: elements that open and close, and the text of each `<key>`.
enum PropertyListTextCheck {
    static func check(_ bytes: [UInt8], maximumDepth: Int) throws {
        /// The keys of each open `<dict>`; `nil` for an open `<array>`.
        var open: [Set<String>?] = []
        var index = 0
        func starts(_ text: String, at position: Int) -> Bool { bytes[position...].starts(with: text.utf8) }
        func skip(past end: String) throws {
            let pattern = Array(end.utf8)
            while index < bytes.count {
                if bytes[index...].starts(with: pattern) { index += pattern.count; return }
                index += 1
            }
            throw DefaultsImportError(message: "the property list ends inside a tag or comment")
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            if starts("<!--", at: index) { try skip(past: "-->"); continue }
            if starts("<![CDATA[", at: index) { try skip(past: "]]>"); continue }
            if starts("<?", at: index) || starts("<!", at: index) { try skip(past: ">"); continue }
            let tagStart = index
            try skip(past: ">")
            let tag = bytes[(tagStart + 1)..<(index - 1)]
            let selfClosing = tag.last == UInt8(ascii: "/")
            let closing = tag.first == UInt8(ascii: "/")
            let word = tag.dropFirst(closing ? 1 : 0).prefix { !" \t\r\n/".utf8.contains($0) }
            let name = (closing ? "/" : "") + String(decoding: word, as: UTF8.self)
            switch name {
            case "dict", "array":
                guard !selfClosing else { continue }
                open.append(name == "dict" ? [] : nil)
                if open.count > maximumDepth {
                    throw DefaultsImportError(message: "the property list nests deeper than \(maximumDepth) levels; no settings file does")
                }
            case "/dict", "/array":
                guard !open.isEmpty else { throw DefaultsImportError(message: "the property list closes a <\(name.dropFirst())> it never opened") }
                open.removeLast()
            case "key":
                guard !selfClosing else { continue }
                let textStart = index
                try skip(past: "</key>")
                let key = decodedEntities(bytes[textStart..<(index - 6)])
                guard let last = open.indices.last, open[last] != nil else { continue }
                guard open[last]!.insert(key).inserted else {
                    throw DefaultsImportError(message: "the key \"\(key)\" appears twice in one dictionary; keep one")
                }
            default:
                continue
            }
        }
    }

    /// The text of a `<key>` with XML's entities replaced, as Foundation reads it.
    private static func decodedEntities(_ raw: ArraySlice<UInt8>) -> String {
        let text = String(decoding: raw, as: UTF8.self)
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: ampersand)..<semicolon]
            switch entity {
            case "lt": result += "<"
            case "gt": result += ">"
            case "amp": result += "&"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                if let number, let scalar = Unicode.Scalar(number) { result.unicodeScalars.append(scalar) } else { result += "&\(entity);" }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
