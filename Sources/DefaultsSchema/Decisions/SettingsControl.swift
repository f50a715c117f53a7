/// How the generated settings view edits a key (``KeyEditing`` as SwiftUI's controls take it).
package enum SettingsControl: Sendable, Equatable {
    /// `Bool`: a `Toggle`.
    case toggle
    /// An enum the schema declares (`cases`): a `Picker` of its cases' titles.
    case picker(enumName: String)
    /// `Double`, `Float` (and their other names) with `minimum` and `maximum`: a `Slider` over the range.
    case slider(minimum: DefaultValue, maximum: DefaultValue)
    /// An integer with `minimum` and `maximum`: a `Stepper` over the range, showing the value.
    case stepper(minimum: DefaultValue, maximum: DefaultValue)
    /// `String`: a text field.
    case text
    /// A number without a range: a text field that takes only numbers.
    case number(isInteger: Bool)
    /// `Date`: a `DatePicker`.
    case date
    /// `URL`: a text field that takes only URLs.
    case url
    /// `Color` or `CGColor`: a `ColorPicker` (the two types it binds).
    case color(isCGColor: Bool)

    /// The control for `key`, or why the view cannot edit it.
    package static func forKey(_ key: KeyDeclaration) -> Result<SettingsControl, SettingsControlRefusal> {
        // Only the enum's name is needed: the view's picker lists `allCases`.
        switch KeyEditing(key, enums: [:]) {
        case .toggle: return .success(.toggle)
        case .choice(let choices): return .success(.picker(enumName: choices.enumName))
        case .number(let number):
            // `Slider` and `Stepper` bind a value that is always there: an optional number is typed.
            if !key.type.isOptional, let bounds = number.closedBounds {
                return .success(number.isInteger ? .stepper(minimum: bounds.minimum, maximum: bounds.maximum)
                                                 : .slider(minimum: bounds.minimum, maximum: bounds.maximum))
            }
            return .success(.number(isInteger: number.isInteger))
        case .text: return .success(.text)
        case .url: return .success(.url)
        case .date: return .success(.date)
        // `ColorPicker` binds a `Color` or a `CGColor` (an optional one through a binding that shows black while unset).
        case .color(let isCGColor): return .success(.color(isCGColor: isCGColor))
        case .list, .unedited: return .failure(.type(key.type))
        }
    }
}

/// Why the settings view cannot edit a key.
package enum SettingsControlRefusal: Error, Equatable {
    /// Records, collections, data, UUIDs, geometry and the module's own types have no control of their own.
    case type(SchemaType)
}
