import Foundation

/// A JSON value's type as JSON Schema names it: `integer` is a number without a fractional part (3 and 3.0 alike).
enum JSONKind: String, Sendable {
    case null, boolean, integer, number, string, array, object

    /// The kind of a value as `JSONSerialization` gives it (`[String: Any]`, `[Any]`, `String`, `NSNumber`,
    /// `NSNull`); `nil` for anything else.
    ///
    /// Booleans: `JSONSerialization` gives `true` and `false` as `NSNumber`s, on Linux as on Darwin, and `as? Bool`
    /// succeeds on the numbers 0 and 1 too, so it cannot tell them apart. Identity can: on both platforms the parser
    /// returns the two shared boolean instances (CoreFoundation's `kCFBooleanTrue` and `kCFBooleanFalse`), which
    /// `NSNumber(value: true)` and `NSNumber(value: false)` return as well, while a number is a new instance.
    init?(of value: Any) {
        if value is NSNull {
            self = .null
        } else if value is String {
            self = .string
        } else if let number = value as? NSNumber {
            if Self.isBoolean(number) {
                self = .boolean
            } else {
                self = Self.isWhole(number) ? .integer : .number
            }
        } else if value is [Any] {
            self = .array
        } else if value is [String: Any] {
            self = .object
        } else {
            return nil
        }
    }

    /// Whether this kind is a number (`integer` or `number`).
    var isNumeric: Bool { self == .integer || self == .number }

    /// Whether `number` is one of the two shared boolean instances (see ``init(of:)``).
    static func isBoolean(_ number: NSNumber) -> Bool {
        number === NSNumber(value: true) || number === NSNumber(value: false)
    }

    /// Whether `number` has no fractional part.
    private static func isWhole(_ number: NSNumber) -> Bool {
        let value = number.doubleValue
        return value.isFinite && value.rounded(.towardZero) == value
    }

    /// Whether two JSON values are equal as JSON Schema compares them (`enum`, `const`, `uniqueItems`): numbers by
    /// value (1 equals 1.0), a boolean never equals a number, strings by Unicode scalars, arrays element by
    /// element, objects member by member.
    static func equal(_ left: Any, _ right: Any) -> Bool {
        guard let leftKind = JSONKind(of: left), let rightKind = JSONKind(of: right) else { return false }
        if leftKind.isNumeric && rightKind.isNumeric {
            guard let leftNumber = left as? NSNumber, let rightNumber = right as? NSNumber else { return false }
            return leftNumber.compare(rightNumber) == .orderedSame
        }
        guard leftKind == rightKind else { return false }
        switch leftKind {
        case .null:
            return true
        case .boolean:
            return (left as? NSNumber)?.boolValue == (right as? NSNumber)?.boolValue
        case .string:
            guard let leftText = left as? String, let rightText = right as? String else { return false }
            return leftText.unicodeScalars.elementsEqual(rightText.unicodeScalars)
        case .array:
            guard let leftArray = left as? [Any], let rightArray = right as? [Any] else { return false }
            return leftArray.count == rightArray.count && zip(leftArray, rightArray).allSatisfy { equal($0, $1) }
        case .object:
            guard let leftObject = left as? [String: Any], let rightObject = right as? [String: Any],
                Set(leftObject.keys) == Set(rightObject.keys)
            else { return false }
            return leftObject.allSatisfy { name, value in rightObject[name].map { equal(value, $0) } ?? false }
        case .integer, .number:
            return false  // Handled above.
        }
    }

    /// `value` as JSON text, for messages.
    static func text(_ value: Any) -> String {
        guard JSONKind(of: value) != nil,
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
        else { return "\(value)" }
        return String(decoding: data, as: UTF8.self)
    }
}
