import DefaultsFormats

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

/// The text around a family's parameter in a name template: `selectedCalendars_` and `` in
/// `selectedCalendars_{widgetID}`; the grammar is DefaultsFormats' ``NameTemplate``, which the runtime reads too.
package struct NameTemplateAffixes: Sendable, Equatable {
    let template: NameTemplate
    /// The text before the parameter.
    package var prefix: String { template.prefix }
    /// The text after it.
    package var suffix: String { template.suffix }

    /// The affixes of `template`, whose parameter is `parameterName`; `nil` unless the template writes
    /// `{parameterName}` exactly once and no other brace.
    package init?(template: String, parameterName: String) {
        guard let parsed = NameTemplate(template), parsed.parameterName == parameterName else { return nil }
        self.template = parsed
    }

    /// Whether the members of two families may share stored names (``NameTemplate/mayOverlap(_:)``).
    package func mayOverlap(_ other: NameTemplateAffixes) -> Bool {
        template.mayOverlap(other.template)
    }

    /// Whether `name` is a member's stored name (a non-empty parameter text between the affixes, byte for byte), and,
    /// for an `Int` parameter, one written as the runtime writes an Int.
    package func matches(_ name: String, parameterType: KeyFamilyParameterType) -> Bool {
        guard let text = template.parameterText(of: name) else { return false }
        switch parameterType {
        case .string: return true
        case .int: return Int(text).map { String($0) == text } ?? false
        }
    }
}
