/// The `settingsView` of a schema: a SwiftUI form of the keys it can edit, in groups (each a `Section`).
package struct SettingsViewDeclaration: Sendable, Equatable {
    /// One group: a title, a footer and its rows.
    package struct Group: Sendable, Equatable {
        package var title: String?
        package var footer: String?
        package var rows: [Row]
    }

    /// One key of the form and the control that edits it.
    package struct Row: Sendable, Equatable {
        /// The key's identifier (`DefaultsKeys.<identifier>`).
        package var key: String
        package var control: SettingsControl
        /// Whether the key is optional: it can be cleared (a text field by emptying it, the others by a button).
        package var isOptional: Bool
    }

    /// The view's type name (`AppSettingsView`).
    package var name: String
    package var groups: [Group]
}

/// How the generated settings view edits a key, by its type.
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

    /// The control for a key of `type` with `minimum`/`maximum`, or why the view cannot edit it.
    package static func forKey(type: SchemaType, minimum: DefaultValue?, maximum: DefaultValue?) -> Result<SettingsControl, SettingsControlRefusal> {
        let isOptional = type.isOptional
        switch type.unwrappingOptional {
        case .enumeration(let name): return .success(.picker(enumName: name))
        case .builtin(let builtin):
            switch builtin {
            case .bool: return .success(.toggle)
            case .string: return .success(.text)
            case .date: return .success(.date)
            case .url: return .success(.url)
            // `ColorPicker` binds a `Color` or a `CGColor` (an optional one through a binding that shows black while unset).
            case .color, .cgColor: return .success(.color(isCGColor: builtin == .cgColor))
            case _ where builtin.integerBounds != nil:
                if !isOptional, let minimum, let maximum { return .success(.stepper(minimum: minimum, maximum: maximum)) }
                return .success(.number(isInteger: true))
            case _ where builtin.isDoubleLike || builtin.isFloatLike:
                if !isOptional, let minimum, let maximum { return .success(.slider(minimum: minimum, maximum: maximum)) }
                return .success(.number(isInteger: false))
            default: return .failure(.type(type))
            }
        default: return .failure(.type(type))
        }
    }
}

/// Why the settings view cannot edit a key.
package enum SettingsControlRefusal: Error, Equatable {
    /// Records, collections, data, UUIDs, geometry and the module's own types have no control of their own.
    case type(SchemaType)
}
