import Foundation

/// A stored value as a settings file carries it: every property-list kind, each kept apart (a boolean is no
/// integer, a whole double no integer), unsigned integers beyond `Int64` included, dates to the bit.
enum PortableValue: Sendable, Hashable {
    case string(String)
    case bool(Bool)
    case integer(Int64)
    /// Only above `Int64.max` (a `UInt64` setting); every other integer is ``integer(_:)``.
    case unsigned(UInt64)
    case double(Double)
    case date(Date)
    case data(Data)
    case array([PortableValue])
    case dictionary([String: PortableValue])

    /// Deep enough for any setting; a deeper (or cyclic) stored object is not carried.
    static let maximumDepth = 100

    /// Reads a stored property-list object, all of it, nested at most `maximumDepth` deep; `nil` when some part is no
    /// property-list value.
    init?(storedObject object: Any, maximumDepth: Int = Self.maximumDepth) {
        guard let value = Self.read(object, depth: 0, maximumDepth: maximumDepth) else { return nil }
        self = value
    }

    private static func read(_ stored: Any, depth: Int, maximumDepth: Int) -> PortableValue? {
        guard depth < maximumDepth, let object = unwrapStored(stored) else { return nil }
        if let text = object as? String { return .string(text) }
        if let date = object as? Date { return .date(date) }
        if let data = object as? Data { return .data(data) }
        if isStoredBoolean(object), let flag = readStoredBool(object) { return .bool(flag) }
        if let number = StoredNumber.ofNumber(object) {
            switch number {
            case .signed(let value): return .integer(value)
            case .unsigned(let value): return Int64(exactly: value).map(PortableValue.integer) ?? .unsigned(value)
            case .floating(let value): return .double(value)
            }
        }
        if let elements = storedArrayElements(object) {
            var values: [PortableValue] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                guard let element, let value = read(element, depth: depth + 1, maximumDepth: maximumDepth) else { return nil }
                values.append(value)
            }
            return .array(values)
        }
        if let members = storedDictionaryMembers(object) {
            var values: [String: PortableValue] = [:]
            values.reserveCapacity(members.count)
            for (key, member) in members {
                guard let key = key.base as? String, let member, let value = read(member, depth: depth + 1, maximumDepth: maximumDepth) else {
                    return nil
                }
                values[key] = value
            }
            return .dictionary(values)
        }
        return nil
    }

    /// The value as the property-list object `UserDefaults` stores.
    var propertyListObject: Any {
        switch self {
        case .string(let value): value
        case .bool(let value): value
        case .integer(let value): value
        case .unsigned(let value): value
        case .double(let value): value
        case .date(let value): value
        case .data(let value): value
        case .array(let elements): elements.map(\.propertyListObject)
        case .dictionary(let members): members.mapValues(\.propertyListObject)
        }
    }

    /// Equal as a setting: doubles by their bits, so a NaN read back equals the NaN written.
    static func == (lhs: PortableValue, rhs: PortableValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.unsigned(let a), .unsigned(let b)): a == b
        case (.double(let a), .double(let b)): a.bitPattern == b.bitPattern
        case (.date(let a), .date(let b)): a.timeIntervalSinceReferenceDate.bitPattern == b.timeIntervalSinceReferenceDate.bitPattern
        case (.data(let a), .data(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.dictionary(let a), .dictionary(let b)): a == b
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let value): hasher.combine(0); hasher.combine(value)
        case .bool(let value): hasher.combine(1); hasher.combine(value)
        case .integer(let value): hasher.combine(2); hasher.combine(value)
        case .unsigned(let value): hasher.combine(3); hasher.combine(value)
        case .double(let value): hasher.combine(4); hasher.combine(value.bitPattern)
        case .date(let value): hasher.combine(5); hasher.combine(value.timeIntervalSinceReferenceDate.bitPattern)
        case .data(let value): hasher.combine(6); hasher.combine(value)
        case .array(let value): hasher.combine(7); hasher.combine(value)
        case .dictionary(let value): hasher.combine(8); hasher.combine(value)
        }
    }
}
