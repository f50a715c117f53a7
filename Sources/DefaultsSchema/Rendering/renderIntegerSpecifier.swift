extension SettingsBundleRenderer {
    /// The most whole numbers an integer key's range may hold to be offered as a list: 0...10 (a rating) and 1...12
    /// (months) fit; past that, typing the number is quicker than scrolling a list.
    static let mostListedIntegers = 12

    /// An integer key's specifier, never a slider: a slider stores a real number (7.4172), which an integer key
    /// does not read (it reads whole numbers only), so the user's pick would read as the default. A range of at
    /// most ``mostListedIntegers`` whole numbers is a multi-value list of them (stored as integers); any other
    /// integer key is a text field with a number pad (stored as a numeric string, which an integer key reads).
    func integerSpecifier(for key: KeyDeclaration, common: [(String, PlistValue)], defaultValue: PlistValue) -> [(String, PlistValue)] {
        guard case .integer(let minimum)? = key.minimum, case .integer(let maximum)? = key.maximum,
              let numbers = Self.wholeNumbers(from: minimum, through: maximum, atMost: Self.mostListedIntegers) else {
            return Self.textField(common, defaultValue: defaultValue, keyboard: "NumberPad")
        }
        return [("Type", .string("PSMultiValueSpecifier"))] + common
            + [("DefaultValue", defaultValue), ("Titles", .array(numbers.map { .string($0) })), ("Values", .array(numbers.map { .integer($0) }))]
    }

    /// The whole numbers from `minimum` through `maximum` (canonical decimal text, as the schema's checked values
    /// hold them) as decimal text, when there are at most `limit` of them.
    static func wholeNumbers(from minimum: String, through maximum: String, atMost limit: Int) -> [String]? {
        if let low = Int64(minimum), let high = Int64(maximum) { return wholeNumbers(low, high, atMost: limit) }
        if let low = UInt64(minimum), let high = UInt64(maximum) { return wholeNumbers(low, high, atMost: limit) }
        // A negative minimum with a maximum past Int64.max: far more than a list holds.
        return nil
    }

    /// `low...high` as decimal text, when it holds at most `limit` numbers (no arithmetic overflows at the ends).
    private static func wholeNumbers<Number: FixedWidthInteger>(_ low: Number, _ high: Number, atMost limit: Int) -> [String]? {
        guard low <= high, limit > 0 else { return nil }
        let (span, overflow) = high.subtractingReportingOverflow(low)
        guard !overflow, span < Number(limit) else { return nil }
        return (0...Int(span)).map { String(low + Number($0)) }
    }
}
