/// A key family's stored-name template, `selectedCalendars_{widgetID}`: the one grammar of the package for it, read by
/// the generator (which checks templates and their overlaps at build time) and by the runtime (which names members
/// and lists them), so that the two can never disagree.
///
/// Everything is compared by UTF-8 byte, as `UserDefaults` compares names: `café` written with a precomposed `é` and
/// with `e` and a combining accent are two names there, though Swift's `String` finds them equal.
package struct NameTemplate: Sendable, Equatable {
    /// The text before the parameter.
    package let prefix: String
    /// The text after it.
    package let suffix: String
    /// The parameter's name, between the braces.
    package let parameterName: String

    /// The template's parts; `nil` unless it writes exactly one `{name}` with a non-empty name, and no other brace.
    package init?(_ template: String) {
        let bytes = Array(template.utf8)
        let braces = bytes.indices.filter { bytes[$0] == UInt8(ascii: "{") || bytes[$0] == UInt8(ascii: "}") }
        guard braces.count == 2, bytes[braces[0]] == UInt8(ascii: "{"), bytes[braces[1]] == UInt8(ascii: "}"),
              braces[1] > braces[0] + 1 else { return nil }
        prefix = String(decoding: bytes[..<braces[0]], as: UTF8.self)
        parameterName = String(decoding: bytes[(braces[0] + 1)..<braces[1]], as: UTF8.self)
        suffix = String(decoding: bytes[(braces[1] + 1)...], as: UTF8.self)
    }

    /// The stored name of the member whose parameter text is `text`.
    package func storedName(for text: String) -> String {
        suffix.isEmpty ? prefix + text : prefix + text + suffix
    }

    /// The parameter text of `name`, when `name` is made by this template from a non-empty text.
    package func parameterText(of name: String) -> Substring? {
        guard name.utf8.count > prefix.utf8.count + suffix.utf8.count, name.utf8.starts(with: prefix.utf8),
              name.utf8.reversed().starts(with: suffix.utf8.reversed()) else { return nil }
        let start = name.utf8.index(name.startIndex, offsetBy: prefix.utf8.count)
        let end = name.utf8.index(name.endIndex, offsetBy: -suffix.utf8.count)
        return Substring(name.utf8[start..<end])
    }

    /// Whether the members of two families may share stored names for ordinary parameter values: one side equal,
    /// the other one's text starting (or ending) the other's (`a_{id}` and `a_b_{id}`: `b_1` of the one is `1` of the
    /// other). Templates that differ on both sides (`a_{id}` and `{id}_b`) share only names whose parameter text
    /// holds the other template's text, which ids do not.
    package func mayOverlap(_ other: NameTemplate) -> Bool {
        let samePrefix = prefix.utf8.elementsEqual(other.prefix.utf8)
        let sameSuffix = suffix.utf8.elementsEqual(other.suffix.utf8)
        let prefixesNest = prefix.utf8.starts(with: other.prefix.utf8) || other.prefix.utf8.starts(with: prefix.utf8)
        let suffixesNest = suffix.utf8.reversed().starts(with: other.suffix.utf8.reversed())
            || other.suffix.utf8.reversed().starts(with: suffix.utf8.reversed())
        return (samePrefix && suffixesNest) || (sameSuffix && prefixesNest)
    }
}
