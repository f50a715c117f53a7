import DefaultsFormats

/// What a key is to a screen that edits it or a spec that describes it, decided once from the model: the Settings
/// bundle (``SettingsAppControl``), the settings view (``SettingsControl``), the AppConfig spec
/// (``AppConfigField``) and the reference read it, and their renderers only format what it says.
package indirect enum KeyEditing: Sendable, Equatable {
    /// `Bool`.
    case toggle
    /// An enum the schema declares: one of its cases.
    case choice(EnumChoices)
    /// An integer or a real number, with the key's bounds.
    case number(NumberEditing)
    /// `String`.
    case text
    /// `URL`.
    case url
    /// `Date`.
    case date
    /// SwiftUI's `Color` or a `CGColor`, the two types a colour picker binds.
    case color(isCGColor: Bool)
    /// An array of what this describes: no screen edits one, a spec lists it.
    case list(of: KeyEditing)
    /// Records, dictionaries, sets, `Data`, UUIDs, geometry, `UIColor` and the module's own types: nothing to edit
    /// them with but the key's own code (`DefaultsEditor` shows their stored form).
    case unedited

    /// The editing of `key` (an optional key as the key it wraps: optionality is each control's own matter).
    package init(_ key: KeyDeclaration, enums: [String: EnumDeclaration]) {
        self.init(type: key.type.unwrappingOptional, minimum: key.minimum, maximum: key.maximum, enums: enums)
    }

    init(type: SchemaType, minimum: DefaultValue?, maximum: DefaultValue?, enums: [String: EnumDeclaration]) {
        switch type {
        case .enumeration(let name):
            self = .choice(EnumChoices(enumName: name, declaration: enums[name]))
        case .builtin(let builtin):
            switch builtin {
            case .bool: self = .toggle
            case .string: self = .text
            case .url: self = .url
            case .date: self = .date
            case .color, .cgColor: self = .color(isCGColor: builtin == .cgColor)
            case _ where builtin.integerBounds != nil:
                self = .number(NumberEditing(isInteger: true, minimum: minimum, maximum: maximum))
            case _ where builtin.isDoubleLike || builtin.isFloatLike:
                self = .number(NumberEditing(isInteger: false, minimum: minimum, maximum: maximum))
            default: self = .unedited
            }
        case .array(let element):
            let each = KeyEditing(type: element, minimum: nil, maximum: nil, enums: enums)
            switch each {
            case .list, .unedited: self = .unedited
            default: self = .list(of: each)
            }
        default:
            self = .unedited
        }
    }
}

/// The cases of an enum a key holds, each with the value stored for it and the title people see.
package struct EnumChoices: Sendable, Equatable {
    /// One case.
    package struct Choice: Sendable, Equatable {
        package var identifier: String
        /// The raw value: canonical decimal text for an `Int` enum.
        package var storedValue: String
        /// `caseTitles`' entry, else the case name in words.
        package var title: String
    }

    package var enumName: String
    /// `nil` for an enum declared elsewhere (which no screen or spec here can list).
    package var isIntBacked: Bool?
    package var choices: [Choice]

    init(enumName: String, declaration: EnumDeclaration?) {
        self.enumName = enumName
        isIntBacked = declaration?.isIntBacked
        choices = declaration.map { declaration in
            declaration.cases.enumerated().map { index, item in
                Choice(identifier: item.identifier, storedValue: item.rawValue,
                       title: declaration.caseTitles?[index] ?? readableTitle(fromIdentifier: item.identifier))
            }
        } ?? []
    }

    /// The choice a default names, if it names one of the cases.
    package func choice(for value: DefaultValue?) -> Choice? {
        guard case .enumCase(let identifier)? = value else { return nil }
        return choices.first { $0.identifier == identifier }
    }
}

/// A number key's kind and bounds.
package struct NumberEditing: Sendable, Equatable {
    /// The most whole numbers a range may hold to be offered as a list: 0...10 (a rating) and 1...12 (months) fit;
    /// past that, typing the number is quicker than scrolling a list.
    package static let mostListedWholeNumbers = 12

    package var isInteger: Bool
    package var minimum: DefaultValue?
    package var maximum: DefaultValue?

    package init(isInteger: Bool, minimum: DefaultValue? = nil, maximum: DefaultValue? = nil) {
        self.isInteger = isInteger
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Both bounds, for a control that needs two ends (a slider, a stepper).
    package var closedBounds: (minimum: DefaultValue, maximum: DefaultValue)? {
        guard let minimum, let maximum else { return nil }
        return (minimum, maximum)
    }

    /// The whole numbers of an integer key's closed range as decimal text, when there are at most
    /// ``mostListedWholeNumbers`` of them: few enough to pick from a list.
    package var listedWholeNumbers: [String]? {
        guard isInteger, case .integer(let low)? = minimum, case .integer(let high)? = maximum else { return nil }
        if let low = Int64(low), let high = Int64(high) { return Self.wholeNumbers(low, high) }
        if let low = UInt64(low), let high = UInt64(high) { return Self.wholeNumbers(low, high) }
        // A negative minimum with a maximum past Int64.max: far more than a list holds.
        return nil
    }

    /// `low...high` as decimal text, when it holds at most ``mostListedWholeNumbers`` numbers (no arithmetic
    /// overflows at the ends).
    private static func wholeNumbers<Number: FixedWidthInteger>(_ low: Number, _ high: Number) -> [String]? {
        guard low <= high else { return nil }
        let (span, overflow) = high.subtractingReportingOverflow(low)
        guard !overflow, span < Number(mostListedWholeNumbers) else { return nil }
        return (0...Int(span)).map { String(low + Number($0)) }
    }
}
