import Foundation

/// A number read from a stored object, keeping its kind so conversions can demand exactness.
enum StoredNumber {
    case signed(Int64)
    case unsigned(UInt64)
    case floating(Double)

    /// Classifies a stored object: an `NSNumber` (or bridged Swift number) by its kind, a `String` (as the
    /// launch-argument domain stores values) by parsing it. Anything else is not a number.
    init?(_ object: Any) {
        // Fast paths for the native values the in-memory store and Linux Foundation hand back.
        switch object {
        case let value as Int: self = .signed(Int64(value))
        case let value as Double: self = .floating(value)
        case let number as NSNumber: self.init(number)
        case let text as String: self.init(parsing: text)
        default: return nil
        }
    }

    private init(_ number: NSNumber) {
        switch number.objCType.pointee {
        case CChar(UInt8(ascii: "f")), CChar(UInt8(ascii: "d")):
            self = .floating(number.doubleValue)
        case CChar(UInt8(ascii: "Q")), CChar(UInt8(ascii: "L")), CChar(UInt8(ascii: "I")),
             CChar(UInt8(ascii: "S")), CChar(UInt8(ascii: "C")):
            self = .unsigned(number.uint64Value)
        default:
            self = .signed(number.int64Value)
        }
    }

    private init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let value = Int64(trimmed) {
            self = .signed(value)
        } else if let value = UInt64(trimmed) {
            self = .unsigned(value)
        } else if let value = Double(trimmed) {
            self = .floating(value)
        } else {
            return nil
        }
    }

    /// The value as `T` when exactly representable, else `nil` (a stored `3.0` is 3, `3.7` is not an integer).
    func exactly<T: FixedWidthInteger>(_: T.Type) -> T? {
        switch self {
        case .signed(let value): return T(exactly: value)
        case .unsigned(let value): return T(exactly: value)
        case .floating(let value): return value.isFinite ? T(exactly: value) : nil
        }
    }

    /// The value as `T` when exactly representable; NaN and the infinities carry over.
    func exactly<T: BinaryFloatingPoint>(_: T.Type) -> T? {
        switch self {
        case .signed(let value): return T(exactly: value)
        case .unsigned(let value): return T(exactly: value)
        case .floating(let value): return value.isNaN ? T.nan : T(exactly: value)
        }
    }
}

/// Reads a stored Bool: a number 0 or 1, or (from launch arguments) YES/NO/true/false/1/0 in any case.
func readStoredBool(_ object: Any) -> Bool? {
    if let text = object as? String {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "yes", "true", "1": return true
        case "no", "false", "0": return false
        default: return nil
        }
    }
    if type(of: object) == Bool.self { return object as? Bool }
    switch StoredNumber(object)?.exactly(UInt8.self) {
    case 0: return false
    case 1: return true
    default: return nil
    }
}

/// Linux Foundation returns collection elements as `Optional<Any>`; this looks through that wrapping.
func unwrapStored(_ object: Any) -> Any? {
    guard let optional = object as? OptionalProtocolForUnwrapping else { return object }
    return optional.unwrappedAny
}

/// Lets `unwrapStored` open an `Optional` hidden in an `Any`.
protocol OptionalProtocolForUnwrapping {
    var unwrappedAny: Any? { get }
}

extension Optional: OptionalProtocolForUnwrapping {
    var unwrappedAny: Any? {
        switch self {
        case .some(let wrapped): return unwrapStored(wrapped)
        case .none: return nil
        }
    }
}
