import DefaultsFormats

/// One key of the schema.
///
/// Its fields live behind one reference, so that passing a declaration through validation and rendering retains one
/// object instead of copying every field (BENCHMARKS.md, session 17); a change copies them first unless this value is
/// their only holder, as the standard library's collections do.
package struct KeyDeclaration: Sendable, Equatable {
    /// The fields, each documented on the property of the same name.
    private struct Fields: Sendable, Equatable {
        var identifier: String
        var storedName: String
        var type: SchemaType
        var defaultValue: DefaultValue?
        var description: String?
        var deprecationMessage: String?
        var migrations: [MigrationDeclaration]
        var location: SchemaLocation
        var suite: String? = nil
        var swiftSuite: String? = nil
        var title: String = ""
        var minimum: DefaultValue? = nil
        var maximum: DefaultValue? = nil
        var iCloud: Bool = false
        var managed: Bool = false
        var portable: Bool? = nil
        var intents: IntentAccess? = nil
        var shortcut: Bool? = nil
        var rawRepresentable: RawRepresentableType? = nil
        var defaultJSON: String? = nil
        var acceptLostValuesSince: LossAcceptance? = nil
        var keepPreviousDefault: SchemaLocation? = nil
        var previousDefaults: [PreviousDefault] = []
    }

    /// Shared by copies of the declaration until one of them changes (copy on write): never written while shared,
    /// so another thread never sees it change.
    private final class Storage: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    package init(identifier: String, storedName: String, type: SchemaType, defaultValue: DefaultValue?, description: String?,
                 deprecationMessage: String?, migrations: [MigrationDeclaration], location: SchemaLocation, suite: String? = nil) {
        storage = Storage(Fields(identifier: identifier, storedName: storedName, type: type, defaultValue: defaultValue,
                                 description: description, deprecationMessage: deprecationMessage, migrations: migrations,
                                 location: location, suite: suite))
    }

    package static func == (lhs: KeyDeclaration, rhs: KeyDeclaration) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// The fields, this value's own: copied first if another declaration shares them.
    private mutating func ownFields() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    /// The Swift identifier, unescaped.
    package var identifier: String {
        get { storage.fields.identifier }
        set { ownFields().fields.identifier = newValue }
    }

    /// The string the value is stored under (key prefix included).
    package var storedName: String {
        get { storage.fields.storedName }
        set { ownFields().fields.storedName = newValue }
    }

    /// The value type.
    package var type: SchemaType {
        get { storage.fields.type }
        set { ownFields().fields.type = newValue }
    }

    /// The default: `nil` for an optional key without one.
    package var defaultValue: DefaultValue? {
        get { storage.fields.defaultValue }
        set { ownFields().fields.defaultValue = newValue }
    }

    /// The doc comment text.
    package var description: String? {
        get { storage.fields.description }
        set { ownFields().fields.description = newValue }
    }

    /// The deprecation message, when deprecated.
    package var deprecationMessage: String? {
        get { storage.fields.deprecationMessage }
        set { ownFields().fields.deprecationMessage = newValue }
    }

    /// Where older versions stored the value (`renamedFrom`), in order: names (key prefix included), suites, types.
    package var migrations: [MigrationDeclaration] {
        get { storage.fields.migrations }
        set { ownFields().fields.migrations = newValue }
    }

    /// Where the key's name is in the schema.
    package var location: SchemaLocation {
        get { storage.fields.location }
        set { ownFields().fields.location = newValue }
    }

    /// The `UserDefaults` suite the key lives in, or `nil` for the standard one.
    package var suite: String? {
        get { storage.fields.suite }
        set { ownFields().fields.suite = newValue }
    }

    /// The Swift expression that names the key's suite at run time (`swiftSuite`); wins over ``suite``.
    package var swiftSuite: String? {
        get { storage.fields.swiftSuite }
        set { ownFields().fields.swiftSuite = newValue }
    }

    /// The display name: `title`, or the identifier in words.
    package var title: String {
        get { storage.fields.title }
        set { ownFields().fields.title = newValue }
    }

    /// The lowest value read (numeric keys), as a checked default value.
    package var minimum: DefaultValue? {
        get { storage.fields.minimum }
        set { ownFields().fields.minimum = newValue }
    }

    /// The highest value read (numeric keys), as a checked default value.
    package var maximum: DefaultValue? {
        get { storage.fields.maximum }
        set { ownFields().fields.maximum = newValue }
    }

    /// Whether the value syncs through iCloud (`"iCloud"` on the key, or at the top level).
    package var iCloud: Bool {
        get { storage.fields.iCloud }
        set { ownFields().fields.iCloud = newValue }
    }

    /// Whether a settings export carries the value: as `"portable"` says (on the key, else the schema's `false`),
    /// `false` for a deprecated key; `nil` for the runtime's rule (every key but a `UUID` one, file URL values only
    /// when declared portable).
    package var portable: Bool? {
        get { storage.fields.portable }
        set { ownFields().fields.portable = newValue }
    }

    /// Whether an administrator may set the value (`"managed": true`): MDM's managed app configuration, or a
    /// forced preference, wins over what the person stored.
    package var managed: Bool {
        get { storage.fields.managed }
        set { ownFields().fields.managed = newValue }
    }

    /// What App Intents may do with the key from outside the app (`"intents"`): read it, or read and change it.
    package var intents: IntentAccess? {
        get { storage.fields.intents }
        set { ownFields().fields.intents = newValue }
    }

    /// `"shortcut"`: `true` puts the key's App Shortcut first in the reference's provider, `false` leaves it out;
    /// `nil`: in schema order, while there is room (``AppShortcutChoice``).
    package var shortcut: Bool? {
        get { storage.fields.shortcut }
        set { ownFields().fields.shortcut = newValue }
    }

    /// For a key of the module's own `RawRepresentable` type (`rawType`): the type, and its raw value's type. The
    /// generated file gives the type its `DefaultsSerializable` conformance (stored as its raw value).
    package var rawRepresentable: RawRepresentableType? {
        get { storage.fields.rawRepresentable }
        set { ownFields().fields.rawRepresentable = newValue }
    }

    /// The default as the schema wrote it (compact JSON), recorded with a release; `nil` without one (or with
    /// `swiftDefault`).
    package var defaultJSON: String? {
        get { storage.fields.defaultJSON }
        set { ownFields().fields.defaultJSON = newValue }
    }

    /// `acceptLostValuesSince`: the release (and earlier ones) whose users may lose stored values to a change of this
    /// key (a narrower type or range), accepted on purpose; and where it is written.
    package var acceptLostValuesSince: LossAcceptance? {
        get { storage.fields.acceptLostValuesSince }
        set { ownFields().fields.acceptLostValuesSince = newValue }
    }

    /// `keepPreviousDefault`, and where: installs that ran a release with another default keep reading it.
    package var keepPreviousDefault: SchemaLocation? {
        get { storage.fields.keepPreviousDefault }
        set { ownFields().fields.keepPreviousDefault = newValue }
    }

    /// The defaults of earlier releases, oldest first, for a key with ``keepPreviousDefault``: set from the release
    /// record before rendering.
    package var previousDefaults: [PreviousDefault] {
        get { storage.fields.previousDefaults }
        set { ownFields().fields.previousDefaults = newValue }
    }
}
