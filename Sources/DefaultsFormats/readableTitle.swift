/// An identifier in words, for a title: `showTips` → `Show Tips`, `maxURLCount` → `Max URL Count`,
/// `side_by_side` → `Side By Side`, `_1` → `1`.
///
/// One function for the generator (Settings bundle titles, generated enums' `title`) and the runtime (the title of
/// a key declared without one), so a key or case reads the same wherever it is shown.
package func readableTitle(fromIdentifier identifier: String) -> String {
    // Identifiers are ASCII nearly always: read as bytes, the same words as by characters, without the Unicode
    // property look-ups that made this a tenth of the generator's time.
    if identifier.utf8.allSatisfy({ $0 < 0x80 }) { return asciiReadableTitle(identifier) }
    return readableTitleByCharacters(identifier)
}

/// ``readableTitle(fromIdentifier:)`` for any text.
package func readableTitleByCharacters(_ identifier: String) -> String {
    var words: [String] = []
    var word = ""
    let characters = Array(identifier)
    for (index, character) in characters.enumerated() {
        if character == "_" || character == "-" || character == " " {
            if !word.isEmpty { words.append(word); word = "" }
            continue
        }
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        let startsWord = character.isUppercase && !word.isEmpty
            && (word.last?.isLowercase == true || word.last?.isNumber == true || next?.isLowercase == true)
        if startsWord { words.append(word); word = "" }
        word.append(character)
    }
    if !word.isEmpty { words.append(word) }
    return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
}

/// ``readableTitleByCharacters(_:)`` for ASCII text, byte by byte.
private func asciiReadableTitle(_ identifier: String) -> String {
    let bytes = Array(identifier.utf8)
    var title: [UInt8] = []
    title.reserveCapacity(bytes.count + 8)
    var wordLength = 0
    var last: UInt8 = 0
    func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    for (index, byte) in bytes.enumerated() {
        if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: " ") {
            wordLength = 0
            continue
        }
        let nextIsLower = index + 1 < bytes.count && isLower(bytes[index + 1])
        if isUpper(byte), wordLength > 0, isLower(last) || isDigit(last) || nextIsLower { wordLength = 0 }
        if wordLength == 0 {
            if !title.isEmpty { title.append(UInt8(ascii: " ")) }
            title.append(isLower(byte) ? byte - 0x20 : byte)
        } else {
            title.append(byte)
        }
        wordLength += 1
        last = byte
    }
    return String(decoding: title, as: UTF8.self)
}

/// The title of a key declared without one, from its stored name: the part after the last `.` in words
/// (`app.showTips` → `Show Tips`), or the name itself when that leaves nothing. The runtime titles such keys so;
/// the generator passes a title only where the schema's differs from it.
package func readableTitle(forStoredName name: String) -> String {
    let lastPart = name.split(separator: ".").last.map(String.init) ?? name
    let title = readableTitle(fromIdentifier: lastPart)
    return title.isEmpty ? name : title
}
