/// A value type in Swift spelling.
package indirect enum SchemaType: Sendable, Equatable, CustomStringConvertible {
    /// A built-in scalar.
    case builtin(BuiltinType)
    /// `[Element]`.
    case array(SchemaType)
    /// `[String: Value]`.
    case dictionary(SchemaType)
    /// `Set<Element>`.
    case set(SchemaType)
    /// A struct declared in the schema's `types`.
    case record(String)
    /// `Wrapped?`.
    case optional(SchemaType)
    /// An enum declared in the schema with `cases`.
    case enumeration(String)
    /// The user's own `DefaultsSerializable` type.
    case custom(String)

    /// The Swift spelling.
    package var description: String { spelled(\.swiftSpelling) }

    /// The spelling generated code uses: Foundation's types by their module (`Foundation.Date`, `[Foundation.URL]`),
    /// so that a module's own `Date` or `URL` does not shadow them in the module's generated file.
    package var code: String { spelled(\.codeSpelling) }

    /// The type written with each built-in type spelled by `builtinSpelling`.
    private func spelled(_ builtinSpelling: (BuiltinType) -> String) -> String {
        switch self {
        case .builtin(let builtin): return builtinSpelling(builtin)
        case .array(let element): return "[\(element.spelled(builtinSpelling))]"
        case .dictionary(let value): return "[String: \(value.spelled(builtinSpelling))]"
        case .set(let element): return "Set<\(element.spelled(builtinSpelling))>"
        case .optional(let wrapped): return "\(wrapped.spelled(builtinSpelling))?"
        case .enumeration(let name), .custom(let name), .record(let name): return name
        }
    }

    /// Whether the type names a Foundation type anywhere (`Date`, `[URL]`, `Set<UUID>?`).
    package var namesFoundationType: Bool {
        switch self {
        case .builtin(let builtin): return builtin.isFoundationType
        case .array(let inner), .dictionary(let inner), .set(let inner), .optional(let inner): return inner.namesFoundationType
        case .enumeration, .custom, .record: return false
        }
    }

    /// Whether the top level is optional.
    package var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }
}

/// The scalar types the runtime stores natively.
package enum BuiltinType: String, CaseIterable, Sendable {
    /// `Bool`.
    case bool = "Bool"
    /// The signed integers.
    case int = "Int", int8 = "Int8", int16 = "Int16", int32 = "Int32", int64 = "Int64"
    /// The unsigned integers.
    case uint = "UInt", uint8 = "UInt8", uint16 = "UInt16", uint32 = "UInt32", uint64 = "UInt64"
    /// The floating-point types.
    case double = "Double", float = "Float"
    /// The Foundation value types the runtime stores natively.
    case string = "String", data = "Data", date = "Date", url = "URL", uuid = "UUID"
    /// Foundation's floating-point names, stored as a Double.
    case cgFloat = "CGFloat", timeInterval = "TimeInterval", float64 = "Float64"
    /// Swift's other name for Float.
    case float32 = "Float32"
    /// Points, sizes and rectangles, stored as the strings `NSStringFromPoint` and its siblings write.
    case cgPoint = "CGPoint", cgSize = "CGSize", cgRect = "CGRect"
    /// Their AppKit names (type aliases of the CG types: macOS and Linux Foundation, not iOS).
    case nsPoint = "NSPoint", nsSize = "NSSize", nsRect = "NSRect"
    /// Apple's colour types, where the platform has them (see `ColorTypes.swift`): SwiftUI's `Color`, CoreGraphics'
    /// `CGColor`, UIKit's `UIColor`.
    case color = "Color", cgColor = "CGColor", uiColor = "UIColor"
    /// A property-list value of any shape (the runtime's `DefaultsPropertyList`), spelled with its module so that no
    /// schema that names an app's own `PropertyList` type changes meaning.
    case propertyList = "TypedDefaults.DefaultsPropertyList"

    /// Whether the type holds a Double (`Double` or one of its Foundation names).
    var isDoubleLike: Bool { [.double, .cgFloat, .timeInterval, .float64].contains(self) }
    /// Whether the type is declared by Foundation rather than the standard library.
    var isFoundationType: Bool { [.data, .date, .url, .uuid, .cgFloat, .timeInterval].contains(self) || geometryLabels != nil }

    /// For a point, size or rectangle: the labels of its initializer, in the order its JSON default gives them.
    var geometryLabels: [String]? {
        switch self {
        case .cgPoint, .nsPoint: return ["x", "y"]
        case .cgSize, .nsSize: return ["width", "height"]
        case .cgRect, .nsRect: return ["x", "y", "width", "height"]
        default: return nil
        }
    }

    /// The CoreGraphics name of a point, size or rectangle type (`NSSize` → `CGSize`): the same stored form.
    var geometryKind: BuiltinType? {
        switch self {
        case .cgPoint, .nsPoint: return .cgPoint
        case .cgSize, .nsSize: return .cgSize
        case .cgRect, .nsRect: return .cgRect
        default: return nil
        }
    }
    /// The type as generated code names it: `SwiftUI.Color` for SwiftUI's colour, which a module's own `Color`
    /// would otherwise shadow in the module's generated file; every other type by its name.
    var swiftSpelling: String { self == .color ? "SwiftUI.Color" : rawValue }

    /// The spelling generated code uses: as ``swiftSpelling``, and Foundation's value types by their module, which
    /// an app's own `Data`, `Date`, `URL` or `UUID` would otherwise shadow.
    var codeSpelling: String {
        switch self {
        case .data, .date, .url, .uuid, .timeInterval: return "Foundation." + rawValue
        default: return swiftSpelling
        }
    }

    /// Whether the type holds a Float.
    var isFloatLike: Bool { self == .float || self == .float32 }

    /// The bounds of an integer type (Int and UInt are 64-bit on every platform Swift 6 targets).
    var integerBounds: (min: Int64, max: UInt64)? {
        switch self {
        case .int, .int64: return (Int64.min, UInt64(Int64.max))
        case .int8: return (Int64(Int8.min), UInt64(Int8.max))
        case .int16: return (Int64(Int16.min), UInt64(Int16.max))
        case .int32: return (Int64(Int32.min), UInt64(Int32.max))
        case .uint, .uint64: return (0, UInt64.max)
        case .uint8: return (0, UInt64(UInt8.max))
        case .uint16: return (0, UInt64(UInt16.max))
        case .uint32: return (0, UInt64(UInt32.max))
        default: return nil
        }
    }
}

/// A default value, checked against its type and ready to render.
package indirect enum DefaultValue: Sendable, Equatable {
    /// A Bool.
    case bool(Bool)
    /// An integer in range for its type, as canonical decimal text.
    case integer(String)
    /// A Double (rendered so that it parses back to the same value).
    case double(Double)
    /// A Float (rendered so that it parses back to the same value).
    case float(Float)
    /// A String.
    case string(String)
    /// The bytes of a `Data` default.
    case data([UInt8])
    /// Seconds since 1970 of a `Date` default.
    case date(Double)
    /// An absolute URL string.
    case url(String)
    /// The 16 bytes of a `UUID` default.
    case uuid([UInt8])
    /// A point, size or rectangle: its type's name and its numbers, in the order of `geometryLabels`.
    case geometry(String, [Double])
    /// A colour (`Color`, `CGColor`, `UIColor`): its type and its sRGB red, green, blue and alpha, each 0...1.
    case color(BuiltinType, [Double])
    /// A value of `TypedDefaults.DefaultsPropertyList`: its content, of the cases `bool`, `integer`, `double`,
    /// `string`, `data`, `date`, `array` and `dictionary`, each rendered as the enum's case of that name.
    case propertyList(DefaultValue)
    /// A value of the module's own `RawRepresentable` type (`rawType`): the type's name and its raw value.
    case rawRepresentable(String, DefaultValue)
    /// An array of element defaults.
    case array([DefaultValue])
    /// Members in schema order.
    case dictionary([DictionaryEntry])
    /// A case of a schema enum: its Swift identifier.
    case enumCase(String)
    /// A value of a record type: the fields given, in declaration order (the others take their defaults).
    case record(String, [DictionaryEntry])
    /// `nil` for an optional key.
    case null
    /// A Swift expression copied verbatim from `swiftDefault`.
    case swiftExpression(String)
}

extension DefaultValue {
    /// A numeric value as a Double, to compare (exact for every integer a schema is likely to bound); `nil` otherwise.
    var numericValue: Double? {
        switch self {
        case .integer(let text): return Double(text)
        case .double(let number): return number
        case .float(let number): return Double(number)
        default: return nil
        }
    }
}

/// One member of a dictionary default.
package struct DictionaryEntry: Sendable, Equatable {
    /// The member name.
    package var key: String
    /// The member value.
    package var value: DefaultValue
}
