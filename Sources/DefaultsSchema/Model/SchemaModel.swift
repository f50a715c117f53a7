import DefaultsFormats

/// A validated schema: everything the renderer needs, nothing left to check.
package struct Schema: Sendable, Equatable {
    /// The access level of every generated declaration.
    package var access: AccessLevel
    /// The key list's name the schema gives (`"keyList"`), which wins over the target's; `nil`: the target's name.
    package var keyList: String? = nil
    /// The newest release in the schema's release record (`defaults.releases.json`), if it has one: what a
    /// settings export says of the release that wrote it.
    package var latestRelease: String? = nil
    /// The keys, in schema order.
    package var keys: [KeyDeclaration]
    /// The enums declared with `cases`, in order of first declaration.
    package var enums: [EnumDeclaration]
    /// ``enums`` by name (the first of a name, as validation keeps them), for renderers that look enums up.
    package var enumsByName: [String: EnumDeclaration] {
        Dictionary(enums.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
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
    /// How many `AppShortcut`s the reference's provider offers at most (`"appShortcuts"`, ``AppShortcutChoice``).
    package var appShortcuts = AppShortcutChoice.defaultLimit
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

/// What a key's generated App Intents may do (`"intents"` on the key).
package enum IntentAccess: Sendable, Equatable {
    /// `"read"`: a "Get …" intent only (a managed key, a UUID).
    case read
    /// `true`: "Get …", "Set …", and "Toggle …" for a `Bool`, "Clear …" for an optional key.
    case readWrite
}

extension Schema {
    /// The keys, then each family's key: one sequence, without copying the declarations into a new array.
    var keysAndFamilyKeys: FlattenSequence<[AnySequence<KeyDeclaration>]> {
        [AnySequence(keys), AnySequence(families.lazy.map(\.key))].joined()
    }
}
