import Foundation

/// A number read from a stored object, keeping its kind so conversions can demand exactness.
package enum StoredNumber {
    case signed(Int64)
    case unsigned(UInt64)
    case floating(Double)

    /// Classifies a stored object: an `NSNumber` (or bridged Swift number) by its kind, a `String` (as the
    /// launch-argument domain stores values) by parsing it. Anything else is not a number.
    package init?(_ object: Any) {
        // Exact-type checks first: they cost nothing, while a bridging cast (`NSNumber as? Int`, or a Swift
        // number `as? NSNumber`) allocates or converts (its cost on Linux: BENCHMARKS.md).
        let type = Swift.type(of: object)
        if type == Int.self {
            self = .signed(Int64(value(of: object, knownToBe: Int.self)))
        } else if type == Double.self {
            self = .floating(value(of: object, knownToBe: Double.self))
        } else if type == Int64.self {
            self = .signed(value(of: object, knownToBe: Int64.self))
        } else if type == UInt64.self {
            self = .unsigned(value(of: object, knownToBe: UInt64.self))
        } else if type == Bool.self {
            self = .signed(value(of: object, knownToBe: Bool.self) ? 1 : 0)
        } else if let number = object as? NSNumber {
            self.init(number)
        } else if let text = object as? String {
            self.init(parsing: text)
        } else {
            return nil
        }
    }

    /// Classifies a stored number object only: a string is text, not a number (as a value of any shape reads it).
    static func ofNumber(_ object: Any) -> StoredNumber? {
        object is String ? nil : StoredNumber(object)
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
    package func exactly<T: FixedWidthInteger>(_: T.Type) -> T? {
        switch self {
        case .signed(let value): return T(exactly: value)
        case .unsigned(let value): return T(exactly: value)
        case .floating(let value): return value.isFinite ? T(exactly: value) : nil
        }
    }

    /// The value as `T` when exactly representable; NaN and the infinities carry over.
    package func exactly<T: BinaryFloatingPoint>(_: T.Type) -> T? {
        switch self {
        case .signed(let value): return T(exactly: value)
        case .unsigned(let value): return T(exactly: value)
        case .floating(let value): return value.isNaN ? T.nan : T(exactly: value)
        }
    }
}

/// Reads a stored Bool: a number 0 or 1, or (from launch arguments) the words `UserDefaults.bool(forKey:)` reads,
/// in any case.
func readStoredBool(_ object: Any) -> Bool? {
    if let text = object as? String {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "yes", "y", "true", "t", "1": return true
        case "no", "n", "false", "f", "0": return false
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
/// (A metatype comparison, not a protocol cast: it runs once per collection element.)
@inline(__always)
func unwrapStored(_ object: Any) -> Any? {
    guard Swift.type(of: object) == Optional<Any>.self, let optional = object as? OptionalUnwrapping else { return object }
    return optional.unwrappedAny
}

/// The value `object` holds, whose dynamic type the caller checked is exactly `T` (`type(of: object) == T.self`):
/// opened and taken as it is, where `object as! T` runs the runtime's general dynamic cast (most of what a scalar
/// read in memory costs: BENCHMARKS.md). An existential inside the `Any` (`any Sendable`, which Linux Foundation's
/// dictionaries hold) opens as itself, not as `T`: that one is cast.
@inline(__always)
func value<T>(of object: Any, knownToBe _: T.Type) -> T {
    func take<Opened>(_ opened: Opened) -> T {
        Opened.self == T.self ? unsafeBitCast(opened, to: T.self) : opened as! T
    }
    return _openExistential(object, do: take)
}

/// Opens an `Optional` hidden in an `Any` (a cast to `Optional<Any>` would wrap it again instead).
protocol OptionalUnwrapping {
    var unwrappedAny: Any? { get }
    /// `Wrapped`: what a check of an optional type looks through.
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalUnwrapping {
    var unwrappedAny: Any? { flatMap(unwrapStored) }
    static var wrappedType: Any.Type { Wrapped.self }
}

/// The elements of a stored array, without boxing each one again when Linux hands back `[Any?]`.
func storedArrayElements(_ object: Any) -> [Any?]? {
    if Swift.type(of: object) == [Any?].self { return (object as! [Any?]) }
    return (object as? [Any]).map { $0.map { Optional.some($0) } }
}

/// The members of a stored dictionary, looking through Linux's `[AnyHashable: Any?]`.
package func storedDictionaryMembers(_ object: Any) -> [AnyHashable: Any?]? {
    if Swift.type(of: object) == [AnyHashable: Any?].self { return (object as! [AnyHashable: Any?]) }
    return (object as? [AnyHashable: Any]).map { $0.mapValues { Optional.some($0) } }
}
