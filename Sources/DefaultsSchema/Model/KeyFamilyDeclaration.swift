/// A key family (`"parameter"` on a key): one value per widget, account or document, each stored under a name
/// made from a template and a parameter value. Not a key: not in the key list (`all`), not registered, not in the
/// settings class, the settings screens or iCloud sync; its members are known only at run time.
package struct KeyFamilyDeclaration: Sendable, Equatable {
    /// The family as a key: identifier, type, default, suite, title and range are its members'; ``KeyDeclaration/storedName``
    /// is the name template (`selectedCalendars_{widgetID}`), and the plain renames of ``KeyDeclaration/migrations``
    /// are former templates.
    package var key: KeyDeclaration
    /// The name of the generated function's parameter, written in braces in the template.
    package var parameterName: String
    /// The parameter's type.
    package var parameterType: KeyFamilyParameterType

    /// The name template with the parameter named `name`, for messages: the template as the schema gives it.
    package var nameTemplate: String { key.storedName }
}

/// The types a family's parameter may have: their text goes into stored names as written (`42`, `work`).
package enum KeyFamilyParameterType: String, Sendable, Equatable, CaseIterable {
    /// `String`: any text, written as is.
    case string = "String"
    /// `Int`: written as decimal digits, with a leading `-` when negative.
    case int = "Int"
}

/// The text around a family's parameter in a name template: `selectedCalendars_` and `` in `selectedCalendars_{widgetID}`.
package struct NameTemplateAffixes: Sendable, Equatable {
    /// The text before the parameter.
    package var prefix: String
    /// The text after it.
    package var suffix: String

    /// The affixes of `template`, whose parameter is `parameterName`; `nil` unless the template writes
    /// `{parameterName}` exactly once and no other brace.
    package init?(template: String, parameterName: String) {
        let placeholder = "{\(parameterName)}"
        guard let range = template.range(of: placeholder) else { return nil }
        let before = template[..<range.lowerBound]
        let after = template[range.upperBound...]
        guard !before.contains(where: { $0 == "{" || $0 == "}" }), !after.contains(where: { $0 == "{" || $0 == "}" }) else { return nil }
        prefix = String(before)
        suffix = String(after)
    }

    /// Whether the members of two families may share stored names for ordinary parameter values: one side equal,
    /// the other one's text starting (or ending) the other's (`a_{id}` and `a_b_{id}`: `b_1` of the one is `1` of the
    /// other). Templates that differ on both sides (`a_{id}` and `{id}_b`) share only names whose parameter text
    /// holds the other template's text, which ids do not: no error for those.
    package func mayOverlap(_ other: NameTemplateAffixes) -> Bool {
        let prefixesNest = prefix.hasPrefix(other.prefix) || other.prefix.hasPrefix(prefix)
        let suffixesNest = suffix.hasSuffix(other.suffix) || other.suffix.hasSuffix(suffix)
        return (prefix == other.prefix && suffixesNest) || (suffix == other.suffix && prefixesNest)
    }

    /// Whether `name` is a member's stored name (a non-empty parameter text between the affixes), and, for an
    /// `Int` parameter, one written as the runtime writes an Int.
    package func matches(_ name: String, parameterType: KeyFamilyParameterType) -> Bool {
        guard name.utf8.count > prefix.utf8.count + suffix.utf8.count, name.hasPrefix(prefix), name.hasSuffix(suffix) else { return false }
        let text = String(name.dropFirst(prefix.count).dropLast(suffix.count))
        switch parameterType {
        case .string: return true
        case .int: return Int(text).map { String($0) == text } ?? false
        }
    }
}
