/// A validated schema: everything the renderer needs, nothing left to check.
package struct Schema: Sendable, Equatable {
    /// The access level of every generated declaration.
    package var access: AccessLevel
    /// The key list's name the schema gives (`"keyList"`), which wins over the target's; `nil`: the target's name.
    package var keyList: String? = nil
    /// The keys, in schema order.
    package var keys: [KeyDeclaration]
    /// The enums declared with `cases`, in order of first declaration.
    package var enums: [EnumDeclaration]
    /// The record types declared in `types`, in schema order.
    package var records: [RecordDeclaration] = []
    /// The name of the generated `Observable` settings class, when the schema asks for one.
    package var settingsClass: String?
    /// The schema's own suite (`suite` at the top level).
    package var suite: String? = nil
    /// The Swift expression that names the schema's suite at run time (`swiftSuite` at the top level).
    package var swiftSuite: String? = nil
    /// Where the top-level `swiftSuite` is written: the compiler reports a wrong expression there.
    package var swiftSuiteLocation: SchemaLocation? = nil
    /// Stored names earlier releases used that no key uses now (`retired`, key prefix included).
    package var retired: [String] = []
    /// `keyPrefix`: prepended to the stored names made from key identifiers (never to a name given with `"key"`).
    package var keyPrefix: String = ""
    /// Where `keys` is in the schema, for what concerns the schema as a whole (a key missing since a release).
    package var keysLocation = SchemaLocation(line: 1, column: 1)
    /// Namespaces the schema declares for nested type names (`namespaces`), in schema order.
    package var namespaces: [String] = []
    /// The outer names of nested types that the schema does not declare (the module's own types), each with where
    /// the schema first nests a type in it: a wrong name is then reported by the compiler at that schema line.
    package var moduleOuterTypes: [String: SchemaLocation] = [:]
    /// Which keys the iOS Settings app shows, in groups.
    package var settingsBundle: SettingsBundleDeclaration? = nil
    /// The generated SwiftUI settings view, when the schema asks for one.
    package var settingsView: SettingsViewDeclaration? = nil
    /// The key families (keys with `"parameter"`), in schema order: apart from ``keys``, since they are no keys.
    package var families: [KeyFamilyDeclaration] = []
}

/// The `settingsBundle` of a schema: groups of keys for the iOS Settings app.
package struct SettingsBundleDeclaration: Sendable, Equatable {
    /// One group: a title, a footer and its keys' identifiers.
    package struct Group: Sendable, Equatable {
        package var title: String?
        package var footer: String?
        package var keys: [String]
    }

    package var groups: [Group]
}

/// `internal`, `public` or `package`.
package enum AccessLevel: String, CaseIterable, Sendable {
    /// Visible in the module only (the default).
    case `internal`
    /// Visible to every importer.
    case `public`
    /// Visible in the package.
    case `package`
}

/// One key of the schema.
package struct KeyDeclaration: Sendable, Equatable {
    /// The Swift identifier, unescaped.
    package var identifier: String
    /// The string the value is stored under (key prefix included).
    package var storedName: String
    /// The value type.
    package var type: SchemaType
    /// The default: `nil` for an optional key without one.
    package var defaultValue: DefaultValue?
    /// The doc comment text.
    package var description: String?
    /// The deprecation message, when deprecated.
    package var deprecationMessage: String?
    /// Where older versions stored the value (`renamedFrom`), in order: names (key prefix included), suites, types.
    package var migrations: [MigrationDeclaration]
    /// Where the key's name is in the schema.
    package var location: SchemaLocation
    /// The `UserDefaults` suite the key lives in, or `nil` for the standard one.
    package var suite: String? = nil
    /// The Swift expression that names the key's suite at run time (`swiftSuite`); wins over ``suite``.
    package var swiftSuite: String? = nil
    /// The display name: `title`, or the identifier in words.
    package var title: String = ""
    /// The lowest value read (numeric keys), as a checked default value.
    package var minimum: DefaultValue? = nil
    /// The highest value read (numeric keys), as a checked default value.
    package var maximum: DefaultValue? = nil
    /// Whether the value syncs through iCloud (`"iCloud"` on the key, or at the top level).
    package var iCloud: Bool = false
    /// Whether an administrator may set the value (`"managed": true`): MDM's managed app configuration, or a
    /// forced preference, wins over what the person stored.
    package var managed: Bool = false
    /// For a key of the module's own `RawRepresentable` type (`rawType`): the type, and its raw value's type. The
    /// generated file gives the type its `DefaultsSerializable` conformance (stored as its raw value).
    package var rawRepresentable: RawRepresentableType? = nil
    /// The default as the schema wrote it (compact JSON), recorded with a release; `nil` without one (or with
    /// `swiftDefault`).
    package var defaultJSON: String? = nil
    /// `acceptLostValuesSince`: the release (and earlier ones) whose users may lose stored values to a change of this
    /// key (a narrower type or range), accepted on purpose; and where it is written.
    package var acceptLostValuesSince: LossAcceptance? = nil
    /// `keepPreviousDefault`, and where: installs that ran a release with another default keep reading it.
    package var keepPreviousDefault: SchemaLocation? = nil
    /// The defaults of earlier releases, oldest first, for a key with ``keepPreviousDefault``: set from the release
    /// record before rendering.
    package var previousDefaults: [PreviousDefault] = []
}

/// `acceptLostValuesSince` on a key: the release whose stored values (and earlier releases') may be lost to a change
/// of the key, accepted on purpose.
package struct LossAcceptance: Sendable, Equatable {
    /// The version of the release named.
    package var version: String
    /// Where the field is.
    package var location: SchemaLocation
}

/// A default that earlier releases had, kept for installs that ran one of them (`keepPreviousDefault`).
package struct PreviousDefault: Sendable, Equatable {
    /// The earlier default, checked as the key's current type.
    package var value: DefaultValue
    /// The newest release that had it.
    package var lastRelease: String
}

/// The module's own type that a key stores as its raw value (`rawType`).
package struct RawRepresentableType: Sendable, Equatable {
    /// The type's name, as the schema writes it.
    package var typeName: String
    /// The raw value's type: a property-list scalar.
    package var rawType: BuiltinType
    /// The module that declares the type when it is not the one the file is compiled into (`"module"`): the
    /// generated file imports it, and declares the conformance `@retroactive`.
    package var module: String? = nil
}

extension KeyDeclaration {
    /// The former stored names of plain renames in the key's own suite (`renamedFrom` strings).
    package var formerNames: [String] { migrations.filter(\.isPlainRename).map(\.name) }
}

/// One entry of a key's `renamedFrom`: where an older version stored the value, and how it reads now.
package struct MigrationDeclaration: Sendable, Equatable {
    /// Where the old value lived.
    package enum Suite: Sendable, Equatable {
        /// The key's own suite.
        case sameAsKey
        /// The standard suite.
        case standard
        /// A named suite.
        case named(String)
    }

    /// The old stored name (key prefix included).
    package var name: String
    /// The old suite.
    package var suite: Suite = .sameAsKey
    /// The old stored type, when the migration declares one (a typed migration).
    package var type: SchemaType? = nil
    /// Old value (a scalar of ``type``) → new value (of the key's type), in schema order.
    package var values: [(old: DefaultValue, new: DefaultValue)] = []
    /// Where the entry is in the schema.
    package var location: SchemaLocation
    /// `swiftConvert`: the app's function `(Any) -> NewValue?` that converts the old stored object.
    package var swiftConvert: String? = nil
    /// `keepFormer`: the old entry stays in place after the move (older versions of the app still read it).
    package var keepsFormer = false
    /// `retry`: an old value that does not convert stays where it is, tried again at the next launch, not dropped.
    package var retries = false

    /// A string entry: the same value under another name in the same suite.
    package var isPlainRename: Bool {
        suite == .sameAsKey && type == nil && values.isEmpty && swiftConvert == nil && !keepsFormer && !retries
    }

    /// Compares every part.
    package static func == (lhs: MigrationDeclaration, rhs: MigrationDeclaration) -> Bool {
        lhs.name == rhs.name && lhs.suite == rhs.suite && lhs.type == rhs.type && lhs.location == rhs.location && lhs.swiftConvert == rhs.swiftConvert
            && lhs.values.elementsEqual(rhs.values) { $0.old == $1.old && $0.new == $1.new }
            && lhs.keepsFormer == rhs.keepsFormer && lhs.retries == rhs.retries
    }
}

/// An enum generated from `cases`, backed by `String` or `Int`.
package struct EnumDeclaration: Sendable, Equatable {
    /// The type name.
    package var name: String
    /// The cases: Swift identifier (unescaped) and raw value (for an `Int` enum, canonical decimal text).
    package var cases: [(identifier: String, rawValue: String)]
    /// Whether the raw values are integers.
    package var isIntBacked = false
    /// Display names of the cases (`caseTitles`), in case order; the case names in words otherwise.
    package var caseTitles: [String]? = nil
    /// Whether the enum is `@objc` where the Objective-C runtime exists (`"objc": true`).
    package var isObjC = false

    /// Compares names, cases, raw type and `@objc`.
    package static func == (lhs: EnumDeclaration, rhs: EnumDeclaration) -> Bool {
        lhs.name == rhs.name && lhs.isIntBacked == rhs.isIntBacked && lhs.isObjC == rhs.isObjC
            && lhs.cases.elementsEqual(rhs.cases) { $0.identifier == $1.identifier && $0.rawValue == $1.rawValue }
    }
}

/// A struct declared in `types`: fields with or without defaults, stored as a property-list dictionary.
package struct RecordDeclaration: Sendable, Equatable {
    /// The type name.
    package var name: String
    /// The doc comment text.
    package var description: String?
    /// The fields, in schema order.
    package var fields: [FieldDeclaration]

    /// The fields every value must give: those without a default.
    package var requiredFields: [FieldDeclaration] { fields.filter { $0.defaultValue == nil } }
}

/// A type name split at its last dot: `Preference.Theme` → (`Preference`, `Theme`); no outer name for `Theme`.
package struct NestedTypeName: Sendable, Equatable {
    /// The enclosing type's name (itself possibly nested), or `nil` at the top level.
    package var outer: String?
    /// The name declared inside ``outer``.
    package var inner: String

    /// Splits `name` at its last dot.
    package init(_ name: String) {
        if let dot = name.lastIndex(of: ".") {
            outer = String(name[..<dot])
            inner = String(name[name.index(after: dot)...])
        } else {
            outer = nil
            inner = name
        }
    }
}

/// One field of a record type.
package struct FieldDeclaration: Sendable, Equatable {
    /// The Swift identifier, unescaped (also the stored dictionary key).
    package var identifier: String
    /// The value type.
    package var type: SchemaType
    /// The default: `.null` for an optional field without one, `nil` for a required field (one without a default,
    /// which every value of the record must give).
    package var defaultValue: DefaultValue?
    /// The doc comment text.
    package var description: String?
}

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
    package var description: String {
        switch self {
        case .builtin(let builtin): return builtin.rawValue
        case .array(let element): return "[\(element)]"
        case .dictionary(let value): return "[String: \(value)]"
        case .set(let element): return "Set<\(element)>"
        case .optional(let wrapped): return "\(wrapped)?"
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

/// The bundle generated code translates titles through (keys' labels, enums' `title`).
package enum StringsBundle: Sendable, Equatable {
    /// The bundle of the module the generated file is compiled into (`Bundle(for:)` a class of it): an app
    /// target's main bundle, a framework's own bundle. For Xcode targets, and package targets without resources.
    case declaringModule
    /// A package target's resource bundle, which exists when the target has resources (a string catalog among
    /// them): SwiftPM names it `<package>_<target>` (`.bundle` on Apple platforms, `.resources` elsewhere), and the
    /// generated code finds it as `Bundle.module` does, without `Bundle.module` (see `renderStringsBundle`).
    case packageResources(bundleName: String)
}
