import Foundation

/// A property-list value of any shape: for a setting whose values differ in type from entry to entry (a
/// `[String: Any]` another framework stores, a heterogeneous list), which no schema type of one element type holds.
///
/// In a schema, `"type": "TypedDefaults.DefaultsPropertyList"` (optional, `?`, like any type). Every case keeps its
/// kind: a stored boolean reads as ``bool(_:)``, never as the integer 1; a whole-number double as ``double(_:)``;
/// a date keeps its fractions of a second.
///
/// ```swift
/// let filters: DefaultsPropertyList = .dictionary(["limit": .integer(20), "tags": .array([.string("swift")])])
/// Defaults[.searchFilters] = filters
/// if case .integer(let limit)? = Defaults[.searchFilters]["limit"] { … }
/// ```
///
/// A stored object reads only if all of it does: numbers exactly (an unsigned integer above `Int64.max` does not
/// read), dictionary keys strings, no `null`; anything else reads as the key's default, as for every type.
///
/// Foundation keeps the stored object when a new one is equal to it by `isEqual(_:)`, which calls numbers of either
/// kind equal: writing `.integer(0)` over `.double(0)` (or `[.integer(1)]` over `[.double(1)]`) leaves the double.
/// To change only the kind of an equal number, remove the value first.
public enum DefaultsPropertyList: Sendable, Hashable {
    case string(String)
    case bool(Bool)
    case integer(Int64)
    /// Any double, NaN and the infinities included (equal to itself here, unlike `Double`'s `==`: a NaN setting
    /// written and read back compares equal).
    case double(Double)
    case date(Date)
    case data(Data)
    case array([DefaultsPropertyList])
    case dictionary([String: DefaultsPropertyList])

    /// The member under `key` of a dictionary; `nil` for a missing key or any other case.
    public subscript(key: String) -> DefaultsPropertyList? {
        guard case .dictionary(let members) = self else { return nil }
        return members[key]
    }

    /// The element at `index` of an array; `nil` out of bounds or for any other case.
    public subscript(index: Int) -> DefaultsPropertyList? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The value as Foundation's property-list object: `String`, `Bool`, `Int64`, `Double`, `Date`, `Data`,
    /// `[Any]`, `[String: Any]`, as `UserDefaults`, `PropertyListSerialization` and `NSUbiquitousKeyValueStore`
    /// take it.
    public var propertyListObject: Any {
        switch self {
        case .string(let value): value
        case .bool(let value): value
        case .integer(let value): value
        case .double(let value): value
        case .date(let value): value
        case .data(let value): value
        case .array(let elements): elements.map(\.propertyListObject)
        case .dictionary(let members): members.mapValues(\.propertyListObject)
        }
    }

    /// Reads a property-list object, every part of it; `nil` if any part is not a property-list value this type
    /// holds (see the type's discussion).
    public init?(propertyListObject object: Any) {
        guard let read = PortableValue(storedObject: object, maximumDepth: Self.maximumDepth), let value = DefaultsPropertyList(read) else {
            return nil
        }
        self = value
    }

    public static func == (lhs: DefaultsPropertyList, rhs: DefaultsPropertyList) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.double(let a), .double(let b)): a.bitPattern == b.bitPattern || a == b
        case (.date(let a), .date(let b)): a == b
        case (.data(let a), .data(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.dictionary(let a), .dictionary(let b)): a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let value): hasher.combine(0); hasher.combine(value)
        case .bool(let value): hasher.combine(1); hasher.combine(value)
        case .integer(let value): hasher.combine(2); hasher.combine(value)
        // +0 and -0 are equal: hashed alike.
        case .double(let value): hasher.combine(3); hasher.combine(value == 0 ? 0 : value.bitPattern)
        case .date(let value): hasher.combine(4); hasher.combine(value)
        case .data(let value): hasher.combine(5); hasher.combine(value)
        case .array(let value): hasher.combine(6); hasher.combine(value)
        case .dictionary(let value): hasher.combine(7); hasher.combine(value)
        }
    }

    /// Deep enough for any settings value; a deeper (or cyclic, through an `NSMutableArray`) object does not read.
    private static let maximumDepth = 512

    /// The same value, read by the one reader of stored property lists (``PortableValue``); `nil` for an unsigned
    /// integer above `Int64.max`, which this type does not hold.
    private init?(_ value: PortableValue) {
        switch value {
        case .string(let text): self = .string(text)
        case .bool(let flag): self = .bool(flag)
        case .integer(let integer): self = .integer(integer)
        case .unsigned: return nil
        case .double(let double): self = .double(double)
        case .date(let date): self = .date(date)
        case .data(let data): self = .data(data)
        case .array(let elements):
            var values: [DefaultsPropertyList] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                guard let value = DefaultsPropertyList(element) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case .dictionary(let members):
            var values: [String: DefaultsPropertyList] = [:]
            values.reserveCapacity(members.count)
            for (key, member) in members {
                guard let value = DefaultsPropertyList(member) else { return nil }
                values[key] = value
            }
            self = .dictionary(values)
        }
    }
}

extension DefaultsPropertyList: DefaultsSerializable {
    /// Stored as its property-list object (``propertyListObject``).
    public func defaultsObject() throws -> Any? { propertyListObject }

    /// Reads any property-list object this type holds, every part of it (a string stays a string: launch
    /// arguments give text, and this type cannot tell which kind the text meant).
    public static func fromDefaultsObject(_ object: Any) -> DefaultsPropertyList? {
        DefaultsPropertyList(propertyListObject: object)
    }
}

extension DefaultsPropertyList: CustomStringConvertible {
    /// The value in a JSON-like form, dates in ISO 8601, data as its byte count.
    public var description: String {
        switch self {
        case .string(let value): return "\"\(value)\""
        case .bool(let value): return value ? "true" : "false"
        case .integer(let value): return String(value)
        case .double(let value): return value.description
        case .date(let value): return value.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
        case .data(let value): return "<\(value.count) bytes>"
        case .array(let elements): return "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(let members):
            return "[" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "]"
        }
    }
}
