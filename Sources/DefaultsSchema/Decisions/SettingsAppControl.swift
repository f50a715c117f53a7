/// How the iOS Settings app shows a key of the schema's `settingsBundle` (``KeyEditing`` as its specifiers take
/// it), or `nil` from ``forKey(_:enums:)`` when it cannot: a key needs a JSON default, since the Settings app shows a
/// value before the app ever stored one, and a type a specifier stores.
package enum SettingsAppControl: Sendable, Equatable {
    /// The keyboard of a text field (`PSTextFieldSpecifier`'s `KeyboardType`).
    package enum Keyboard: String, Sendable {
        case alphabet = "Alphabet"
        case numberPad = "NumberPad"
        case decimalPad = "DecimalPad"
    }

    /// `Bool`: a toggle switch.
    case toggle
    /// An enum: a multi-value list of its cases.
    case cases(EnumChoices)
    /// An integer key whose range holds few whole numbers: a multi-value list of them.
    case wholeNumbers([String])
    /// A real number with both bounds: a slider.
    case slider(minimum: DefaultValue, maximum: DefaultValue)
    /// Any other integer (a number pad: an integer key reads the numeric string stored), real number, or text.
    ///
    /// Never a slider for an integer key: a slider stores a real number (7.4172), which an integer key does not
    /// read, so the person's pick would read as the default.
    case textField(Keyboard)

    /// How the Settings app shows `key` (an optional key with a default as the key it behaves like: the Settings
    /// app stores a value), or `nil` when it cannot.
    package static func forKey(_ key: KeyDeclaration, enums: [String: EnumDeclaration]) -> SettingsAppControl? {
        guard let defaultValue = key.defaultValue, defaultValue != .null else { return nil }
        if case .swiftExpression = defaultValue { return nil }
        switch KeyEditing(key, enums: enums) {
        case .toggle: return .toggle
        case .choice(let choices): return .cases(choices)
        case .number(let number) where number.isInteger:
            return number.listedWholeNumbers.map { .wholeNumbers($0) } ?? .textField(.numberPad)
        case .number(let number):
            guard let bounds = number.closedBounds else { return .textField(.decimalPad) }
            return .slider(minimum: bounds.minimum, maximum: bounds.maximum)
        case .text: return .textField(.alphabet)
        case .url, .date, .color, .list, .unedited: return nil
        }
    }
}
