import Foundation

/// A value decoded from a stored object, kept so that the next read of the same object skips decoding (a SwiftUI
/// body reading a `[Record]` setting on every render).
///
/// Kept for the keys whose values cost more to decode than to recognize their stored object again
/// (``DefaultsKeys/cachesDecodedValues``). A read finds it only for the very object it was decoded from, which is how
/// every writer invalidates it (ours, another store's or process's, iCloud's, Foundation's): each leaves another
/// object under the name (``StoreStorage/objectForDecoding(forKey:)`` says how each storage tells).
@usableFromInline
class DecodedValue: @unchecked Sendable {
    let object: Any
    /// In memory: the write of the name it was decoded from (``MemoryStorage``); 0 over `UserDefaults`.
    let stamp: UInt64
    /// A dictionary as Linux Foundation hands it back (keyed by `AnyHashable`, a new one on every read): its entries
    /// by name, so that the next read is recognized by string look-ups; an `AnyHashable` look-up hashes and compares
    /// through the key's box, several times slower (BENCHMARKS.md, session 20).
    private let entriesByName: [String: Any?]?

    init(object: Any, stamp: UInt64) {
        self.object = object
        self.stamp = stamp
        entriesByName = Self.entriesByName(of: object)
    }

    /// Whether `new`, read from the suite, is the object this value was decoded from (``isSameStoredObject(_:_:)``).
    func isDecoded(from new: Any) -> Bool {
        guard let entriesByName, Swift.type(of: new) == [AnyHashable: Any?].self else { return isSameStoredObject(object, new) }
        let new = value(of: new, knownToBe: [AnyHashable: Any?].self)
        guard new.count == entriesByName.count else { return false }
        for (key, element) in new {
            guard let name = key.base as? String, let old = entriesByName[name], isSameStoredElement(old, element) else { return false }
        }
        return true
    }

    private static func entriesByName(of object: Any) -> [String: Any?]? {
        guard Swift.type(of: object) == [AnyHashable: Any?].self else { return nil }
        let dictionary = value(of: object, knownToBe: [AnyHashable: Any?].self)
        var entries: [String: Any?] = [:]
        entries.reserveCapacity(dictionary.count)
        for (key, element) in dictionary {
            guard let name = key.base as? String else { return nil }
            entries.updateValue(element, forKey: name)
        }
        return entries
    }
}

/// A ``DecodedValue`` of a type: a read recognizes its own type by a class cast, which costs a comparison of two
/// pointers, where a cast of `Any` to a value type goes through the runtime's dynamic cast.
///
/// `@unchecked Sendable`: every property is immutable, and `Value` is a `DefaultsSerializable` (so `Sendable`).
@usableFromInline
final class Decoded<Value>: DecodedValue, @unchecked Sendable {
    let value: Value

    init(_ value: Value, from object: Any, stamp: UInt64) {
        self.value = value
        super.init(object: object, stamp: stamp)
    }
}

/// The decoded values of a `UserDefaults` suite's names, at most ``limit`` names: memory stays bounded whatever
/// number of names an app reads (key families make names at run time). Past the limit, the whole table starts
/// over: a read after that decodes once more, which is all a value not kept costs.
final class DecodedValueTable: Sendable {
    /// At most this many names keep a decoded value: far more than the collection and record settings of an app.
    static let limit = 256

    private let values = LockedState<[String: DecodedValue]>([:])

    func value(forKey name: String, decodedFrom object: Any) -> DecodedValue? {
        guard let decoded = values.withLock({ $0[name] }) else { return nil }
        // Compared holding no lock: a comparison may bridge Foundation objects.
        guard decoded.isDecoded(from: object) else { return nil }
        return decoded
    }

    func remember(_ decoded: DecodedValue, forKey name: String) {
        values.withLock { values in
            if values.count >= Self.limit, values[name] == nil { values.removeAll(keepingCapacity: true) }
            values[name] = decoded
        }
    }

    /// For a removed suite.
    func removeAll() {
        values.withLock { $0.removeAll() }
    }

    /// For tests.
    var count: Int {
        values.withLock { $0.count }
    }
}

/// Whether `new`, read from a suite, is the object `old` was read as, so that the value decoded from `old` is the
/// value of `new`: the same object (Apple's preferences hand back the object they keep until the value changes), or
/// a Swift value of exactly the same type and bytes (Linux Foundation and writes in flight hand back new Swift values
/// each time: `[Any?]`, `[AnyHashable: Any?]`, `String`, `Int`, `Double`, `Bool`, `Data`, `Date`).
///
/// Stricter than ``storedObjectsEqual(_:_:)`` (which tells observers whether a value changed): a decoder may tell
/// apart what that comparison calls equal (`1` and `"1"`, `0.0` and `-0.0`, a `Bool` and an `Int`, two spellings
/// of one text), so anything but exactly the same type and bytes counts as another object, and is decoded again.
func isSameStoredObject(_ old: Any, _ new: Any) -> Bool {
    let type = Swift.type(of: old)
    guard type == Swift.type(of: new) else { return false }
    /// Both objects as `T`, the type just compared: opened, not cast (``value(of:knownToBe:)``).
    func both<T>(as _: T.Type) -> (old: T, new: T) { (value(of: old, knownToBe: T.self), value(of: new, knownToBe: T.self)) }
    if type == String.self {
        let (old, new) = both(as: String.self)
        return old.utf8.elementsEqual(new.utf8)
    }
    if type == Int.self {
        let (old, new) = both(as: Int.self)
        return old == new
    }
    if type == Double.self {
        let (old, new) = both(as: Double.self)
        return old.bitPattern == new.bitPattern
    }
    if type == Bool.self {
        let (old, new) = both(as: Bool.self)
        return old == new
    }
    if type == [Any?].self {
        let (old, new) = both(as: [Any?].self)
        guard old.count == new.count else { return false }
        for index in old.indices where !isSameStoredElement(old[index], new[index]) { return false }
        return true
    }
    if type == [AnyHashable: Any?].self {
        let (old, new) = both(as: [AnyHashable: Any?].self)
        guard old.count == new.count else { return false }
        for (key, value) in old {
            guard let other = new[key], isSameStoredElement(value, other) else { return false }
        }
        return true
    }
    if type is AnyClass { return (old as AnyObject) === (new as AnyObject) }
    if type == Int64.self {
        let (old, new) = both(as: Int64.self)
        return old == new
    }
    if type == UInt64.self {
        let (old, new) = both(as: UInt64.self)
        return old == new
    }
    if type == Data.self {
        let (old, new) = both(as: Data.self)
        return old == new
    }
    if type == Date.self {
        let (old, new) = both(as: Date.self)
        return old.timeIntervalSinceReferenceDate.bitPattern == new.timeIntervalSinceReferenceDate.bitPattern
    }
    if type == [Any].self {
        let (old, new) = both(as: [Any].self)
        return old.count == new.count && zip(old, new).allSatisfy(isSameStoredObject)
    }
    if type == [String: Any].self {
        let (old, new) = both(as: [String: Any].self)
        return old.count == new.count && old.allSatisfy { key, value in new[key].map { isSameStoredObject(value, $0) } ?? false }
    }
    return false
}

/// ``isSameStoredObject(_:_:)`` for the elements of a Linux collection, which may be `nil`.
private func isSameStoredElement(_ old: Any?, _ new: Any?) -> Bool {
    switch (old, new) {
    case (nil, nil): return true
    case let (old?, new?): return isSameStoredObject(old, new)
    default: return false
    }
}

/// Types whose values decode from a stored object about as cheaply as their object could be recognized again:
/// their keys keep no decoded value.
protocol DecodesCheaply {}
extension Bool: DecodesCheaply {}
extension Int: DecodesCheaply {}
extension Int8: DecodesCheaply {}
extension Int16: DecodesCheaply {}
extension Int32: DecodesCheaply {}
extension Int64: DecodesCheaply {}
extension UInt: DecodesCheaply {}
extension UInt8: DecodesCheaply {}
extension UInt16: DecodesCheaply {}
extension UInt32: DecodesCheaply {}
extension UInt64: DecodesCheaply {}
extension Double: DecodesCheaply {}
extension Float: DecodesCheaply {}
extension String: DecodesCheaply {}
extension Data: DecodesCheaply {}
extension Date: DecodesCheaply {}
extension URL: DecodesCheaply {}
extension UUID: DecodesCheaply {}

/// Whether reads of `type` keep their decoded value: not for plain scalars, nor for `RawRepresentable` types
/// (a raw value and an initializer), optional or not.
func keepsDecodedValues(of type: Any.Type) -> Bool {
    if let optional = type as? any OptionalUnwrapping.Type { return keepsDecodedValues(of: optional.wrappedType) }
    return !(type is any DecodesCheaply.Type) && !(type is any RawRepresentable.Type)
}
