/// A validated schema: everything the renderer needs, nothing left to check.
public struct Schema: Sendable, Equatable {
    /// The access level of every generated declaration.
    public var access: AccessLevel
    /// The prefix of every stored key string (already applied to ``KeyDeclaration/storedName``).
    public var keyPrefix: String
    /// The keys, in schema order.
    public var keys: [KeyDeclaration]
    /// The enums declared with `cases`, in order of first declaration.
    public var enums: [EnumDeclaration]
    /// The name of the generated `Observable` settings class, when the schema asks for one.
    public var settingsClass: String?
}

/// `internal`, `public` or `package`.
public enum AccessLevel: String, CaseIterable, Sendable {
    /// Visible in the module only (the default).
    case `internal`
    /// Visible to every importer.
    case `public`
    /// Visible in the package.
    case `package`
}

/// One key of the schema.
public struct KeyDeclaration: Sendable, Equatable {
    /// The Swift identifier, unescaped.
    public var identifier: String
    /// The string the value is stored under (key prefix included).
    public var storedName: String
    /// The value type.
    public var type: SchemaType
    /// The default: `nil` for an optional key without one.
    public var defaultValue: DefaultValue?
    /// The doc comment text.
    public var description: String?
    /// The deprecation message, when deprecated.
    public var deprecationMessage: String?
    /// Former stored names (key prefix included).
    public var formerNames: [String]
    /// Where the key's name is in the schema.
    public var location: SchemaLocation
}

/// A `String`-backed enum generated from `cases`.
public struct EnumDeclaration: Sendable, Equatable {
    /// The type name.
    public var name: String
    /// The cases: Swift identifier (unescaped) and raw value.
    public var cases: [(identifier: String, rawValue: String)]

    /// Compares names and cases.
    public static func == (lhs: EnumDeclaration, rhs: EnumDeclaration) -> Bool {
        lhs.name == rhs.name && lhs.cases.elementsEqual(rhs.cases) { $0.identifier == $1.identifier && $0.rawValue == $1.rawValue }
    }
}

/// A value type in Swift spelling.
public indirect enum SchemaType: Sendable, Equatable, CustomStringConvertible {
    /// A built-in scalar.
    case builtin(BuiltinType)
    /// `[Element]`.
    case array(SchemaType)
    /// `[String: Value]`.
    case dictionary(SchemaType)
    /// `Wrapped?`.
    case optional(SchemaType)
    /// An enum declared in the schema with `cases`.
    case enumeration(String)
    /// The user's own `DefaultsSerializable` type.
    case custom(String)

    /// The Swift spelling.
    public var description: String {
        switch self {
        case .builtin(let builtin): return builtin.rawValue
        case .array(let element): return "[\(element)]"
        case .dictionary(let value): return "[String: \(value)]"
        case .optional(let wrapped): return "\(wrapped)?"
        case .enumeration(let name), .custom(let name): return name
        }
    }

    /// Whether the top level is optional.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }
}

/// The scalar types the runtime stores natively.
public enum BuiltinType: String, CaseIterable, Sendable {
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
public indirect enum DefaultValue: Sendable, Equatable {
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
    /// An array of element defaults.
    case array([DefaultValue])
    /// Members in schema order.
    case dictionary([DictionaryEntry])
    /// A case of a schema enum: its Swift identifier.
    case enumCase(String)
    /// `nil` for an optional key.
    case null
    /// A Swift expression copied verbatim from `swiftDefault`.
    case swiftExpression(String)
}

/// One member of a dictionary default.
public struct DictionaryEntry: Sendable, Equatable {
    /// The member name.
    public var key: String
    /// The member value.
    public var value: DefaultValue
}
