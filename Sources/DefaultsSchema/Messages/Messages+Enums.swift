import DefaultsFormats

extension Messages {
    /// Enums declared by `cases`: cases, raw values, `caseTitles` and `objc`.
    enum Enums {
        static func caseTitlesWithoutCases() -> String { "\"caseTitles\" names the cases declared by \"cases\" on the same key; add \"cases\" or remove it" }

        static func objcWithoutCases() -> String { "\"objc\" makes the enum declared by \"cases\" on the same key @objc; add \"cases\" or remove it" }

        /// When a key declares `cases` but its type names no type of its own.
        static func typeNamesNoEnum(_ typeText: String) -> String { "\"cases\" declares an enum, so \"type\" must name it (such as \"Theme\"), not \(typeText)" }

        /// When a key declares `cases` but its type names several types of its own.
        static func typeNamesSeveralEnums(_ typeText: String) -> String { "\"cases\" declares one enum, but the type \"\(typeText)\" names several; declare each enum on its own key" }

        /// When `objc` is true for an enum whose raw values are strings.
        static func objcNeedsIntegers() -> String { "an @objc enum has integer raw values; give \"cases\" integers, such as {\"small\": 1}, or remove \"objc\"" }

        /// When two keys declare the same enum with different cases.
        static func declaredDifferently(_ name: String, first: SchemaLocation) -> String { "the enum \"\(name)\" is already declared with other cases at \(first); declare its cases once and use \"type\": \"\(name)\" alone elsewhere" }

        static func casesNotArrayOrObject() -> String { "\"cases\" must be an array of raw values, such as [\"light\", \"dark\"] or [1, 2], or an object of case names and raw values, such as {\"small\": 1}" }

        static func noCases(_ enumName: String) -> String { "the enum \"\(enumName)\" has no cases; list at least one in \"cases\"" }

        /// When the first case, which decides the raw type, is neither a string nor an integer.
        static func firstCaseNotStringOrInteger(_ kind: String) -> String { "each case must be a string or an integer, not \(kind)" }

        /// When an integer raw value does not fit `Int64`.
        static func rawValueOutOfRange(_ text: String) -> String { "\(text) is out of range for an Int raw value" }

        static func caseNotInteger(_ kind: String) -> String { "each case of an Int enum must be an integer, not \(kind)" }

        static func caseNotString(_ kind: String) -> String { "each case must be a string, not \(kind)" }

        static func duplicateCase(_ raw: String, first: SchemaLocation) -> String { "duplicate case \"\(raw)\" (first at \(first)); remove one" }

        /// When an explicit case name is not a usable Swift identifier.
        static func unusableCaseName(_ name: String) -> String { "\"\(name)\" cannot name a case; use a Swift identifier that is not a reserved name" }

        static func noCaseNameFromRawValue(_ raw: String, isIntBacked: Bool) -> String { "cannot make a Swift case name from \"\(raw)\"; use a value with letters or digits that is not a reserved name, or name the cases: {\"name\": \(isIntBacked ? raw : "\"\(raw)\"")}" }

        /// When two raw values become the same Swift case name.
        static func sameCaseName(_ firstRaw: String, at first: SchemaLocation, _ raw: String, identifier: String) -> String { "the cases \"\(firstRaw)\" (at \(first)) and \"\(raw)\" both become the Swift case '\(identifier)'; rename one" }

        static func caseHasOuterSpaces(_ raw: String) -> String { "the case \"\(raw)\" has leading or trailing spaces, which are stored too" }

        static func caseTitlesNotArray() -> String { "\"caseTitles\" must be an array of display names, one per case, such as [\"Light\", \"Dark\"]" }

        static func caseTitlesCount(_ titles: Int, cases: Int) -> String { "\"caseTitles\" has \(titles) title\(titles == 1 ? "" : "s") for \(cases) case\(cases == 1 ? "" : "s"); give one per case, in the order of \"cases\"" }

        /// When a case title is not a string or is blank.
        static func emptyCaseTitle() -> String { "each case title must be a non-empty string" }
    }
}
