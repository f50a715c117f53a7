/// An identifier in words, for a title: `showTips` → `Show Tips`, `maxURLCount` → `Max URL Count`,
/// `side_by_side` → `Side By Side`, `_1` → `1`.
///
/// One function for the generator (Settings bundle titles, generated enums' `title`) and the runtime (the title of
/// a key declared without one), so a key or case reads the same wherever it is shown.
package func readableTitle(fromIdentifier identifier: String) -> String {
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

/// The title of a key declared without one, from its stored name: the part after the last `.` in words
/// (`app.showTips` → `Show Tips`), or the name itself when that leaves nothing. The runtime titles such keys so;
/// the generator passes a title only where the schema's differs from it.
package func readableTitle(forStoredName name: String) -> String {
    let lastPart = name.split(separator: ".").last.map(String.init) ?? name
    let title = readableTitle(fromIdentifier: lastPart)
    return title.isEmpty ? name : title
}
