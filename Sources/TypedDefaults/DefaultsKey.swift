import Foundation

/// The namespace of all keys, and their type-erased base class.
///
/// Declare keys as static members of an extension, and the typed store finds them with a leading dot:
///
/// ```swift
/// extension DefaultsKeys {
///     static let launchCount = DefaultsKey<Int>("launchCount", default: 0)
/// }
/// Defaults[.launchCount] += 1
/// ```
///
/// Through this base class, keys of different value types can be listed together (to reset or register them
/// all, or to show them on a debug screen). Keys are `Hashable`: two keys are equal when their stored names,
/// value types and suites are equal, so `\DefaultsStore.[DefaultsKeys.launchCount]` is a key path.
///
/// One name for both roles, on purpose: `Defaults[.launchCount]` finds `launchCount` because a parameter of
/// type `DefaultsKey<Int>` looks up static members of its superclass, so the namespace of keys must be the base
/// class of ``DefaultsKey``. A second name for the type-erased role would name the same class twice.
///
/// `@unchecked Sendable` only because a class that can be subclassed cannot conform otherwise: every stored
/// property is an immutable `Sendable` value, and ``DefaultsKey`` requires a `Sendable` value type.
public class DefaultsKeys: Hashable, @unchecked Sendable {
    /// The string under which the value is stored in `UserDefaults`.
    public let name: String
    /// Names the value was stored under before in the key's own suite; a value found there moves to ``name`` on
    /// first read. Migrations from other suites, and one in place (``name`` itself, stored as another type), are
    /// not listed.
    public let formerNames: [String]
    /// The former places of the value, in migration order: a name, and its suite when not the key's own.
    let formerPlaces: [(name: String, suite: DefaultsFormerSuite)]
    /// Whether the key has a migration in place: its own name, stored as another type by an older version.
    @usableFromInline let migratesInPlace: Bool
    /// Whether any migration is declared: checked on each read that finds nothing stored.
    @usableFromInline let hasMigrations: Bool
    /// Whether earlier releases' defaults are kept for the installs that ran them (``DefaultsMigration/previousDefault(_:throughRelease:)``).
    let keepsPreviousDefaults: Bool
    /// The `UserDefaults` suite the key lives in (an app group, for example), or `nil` for the standard one.
    ///
    /// `Defaults[key]`, `@Default(key)` and generated settings classes use the shared store of this suite;
    /// a store given explicitly (`store[key]`) wins.
    public let suiteName: String?
    /// Stands for ``name`` in the Observation registrar of a suite; made once, so tracked reads allocate nothing.
    @usableFromInline let trackingPath: KeyPath<SuiteTracking, Int>
    /// Whether the key reads only values in a range. Here, not in the generic subclass: a stored property after
    /// the generic `defaultValue` has an offset known only at run time, which every read paid for (BENCHMARKS.md,
    /// "Figures behind the code's shape").
    @usableFromInline let hasRange: Bool
    /// Whether reads go out of line: a range to check, or a collection whose reads may leave elements out (to be
    /// reported for this key). One flag, so that the common read tests one stored `Bool`.
    @usableFromInline let readsOutOfLine: Bool
    /// Whether reads keep the value they decoded, for the next read of the same stored object (``DecodedValue``):
    /// collections, records, every type but plain scalars and raw-value enums. Such keys also read out of line.
    @usableFromInline let cachesDecodedValues: Bool
    /// The suite that watches ``name`` for changes made without a store, checked by reads without a lock.
    @usableFromInline let watchMark = WatchMark()
    /// For a key declared with a suite: its store among the real stores, once found.
    let homeMark = HomeMark()
    /// Whether the key's value follows the user across devices (`"iCloud": true` in the schema): a running
    /// `DefaultsSync` (the `TypedDefaultsSync` library) keeps it in step with the cloud. A key without it is never read or written there.
    public let syncsWithICloud: Bool
    /// Whether an administrator may set the key's value (`"managed": true` in the schema): an entry under ``name``
    /// in the managed app configuration (the dictionary MDM stores under `com.apple.configuration.managed` in the
    /// standard suite), or a forced preference, is what the key reads while it is there, and writes change nothing
    /// (``DefaultsStore/isForced(_:)`` says when). The person's own value stays stored, and reads again when
    /// management ends.
    public let isManaged: Bool
    /// Whether reads leave the common path before reading the suite: a key declared with a suite (its store may be
    /// another), or a managed key (an administrator's value wins). One flag, so that the common read tests one
    /// stored `Bool` here as it does for ``readsOutOfLine``.
    @usableFromInline let readsSpecially: Bool
    /// What a screen that lists keys shows for this one: its title and help, translated (the schema's `"title"`
    /// and `"description"`; a key declared without a title is titled by its name in words).
    public var label: DefaultsKeyLabel { declaredLabel ?? DefaultsKeyLabel(forKeyNamed: name) }
    /// What the key's declaration says of settings exports (`portable:`; a schema's `"portable"`): `true` or
    /// `false` as declared, `nil` for the rule (see ``isPortable``).
    public let declaredPortable: Bool?

    /// Whether ``DefaultsStore/exportSettings(_:families:including:schemaRelease:)`` carries the key's value to another device: as declared
    /// (`portable:`), else every key but a `UUID` one (an identifier of this install or device). A file URL value
    /// travels only from a key declared portable; a deprecated key, or a value an administrator forces, never.
    public var isPortable: Bool {
        declaredPortable ?? !(valueType == UUID.self || valueType == UUID?.self)
    }

    /// The label the key was declared with; made from the name on use otherwise (keys made by the thousand at run
    /// time, for one document each, pay nothing for it).
    private let declaredLabel: DefaultsKeyLabel?

    init(name: String, formerPlaces: [(name: String, suite: DefaultsFormerSuite)], suiteName: String?, hasRange: Bool = false,
         iCloud: Bool = false, managed: Bool = false, label: DefaultsKeyLabel?, readsElementByElement: Bool, keepsPreviousDefaults: Bool = false,
         keepsFormerEntries: Bool = false, cachesDecodedValues: Bool = false, portable: Bool? = nil) {
        self.name = name
        self.declaredPortable = portable
        self.declaredLabel = label
        let inPlace = formerPlaces.contains { $0.name == name && $0.suite == .sameAsKey }
        self.formerNames = formerPlaces.filter { $0.suite == .sameAsKey && $0.name != name }.map(\.name)
        self.formerPlaces = formerPlaces
        self.migratesInPlace = inPlace
        // Kept defaults are looked for where migrations are: on a read that finds nothing stored.
        self.hasMigrations = !formerPlaces.isEmpty || keepsPreviousDefaults || keepsFormerEntries
        self.keepsPreviousDefaults = keepsPreviousDefaults
        self.suiteName = suiteName
        self.hasRange = hasRange
        self.readsOutOfLine = hasRange || readsElementByElement || cachesDecodedValues
        self.cachesDecodedValues = cachesDecodedValues
        self.syncsWithICloud = iCloud
        self.isManaged = managed
        self.readsSpecially = suiteName != nil || managed
        self.trackingPath = \SuiteTracking.[storedName: name]
    }

    /// The store that `Defaults[key]` and `@Default(key)` use: the shared store of ``suiteName``, or
    /// `DefaultsStore.standard` (in-memory ones inside `withIsolatedDefaults(_:)`). Looked up on use,
    /// so declaring a key opens no suite. Not public: `DefaultsStore.standard.store(for: key)` says the same.
    var defaultStore: DefaultsStore {
        suiteName == nil ? DefaultsStore.standard : DefaultsStore.standard.store(for: self)
    }

    /// The stored (property-list) form of the key's default, or `nil` for an optional key: what `register`
    /// registers and the editor shows.
    package var defaultObject: Any? { nil }

    /// The Swift type of the key's value, for the editor and the demo.
    package var valueType: Any.Type { Any.self }

    /// The value in `store`, boxed, `nil` for an optional key holding nothing; only the typed subclass reads it.
    func boxedValue(in store: DefaultsStore) -> Any? { nil }

    /// Stores `object` if it reads as a value of the key's type; only the typed subclass can tell.
    func storeValue(fromObject object: Any, in store: DefaultsStore) -> Bool { false }

    /// Migrates this key's value from a former name; only the typed subclass can decode it.
    func migrateFormerName(in store: DefaultsStore) {}

    /// The entries a read of this key in `store` could still move to it once its own entry is gone: the former
    /// places in the key's suite and in others, and the former entries kept in place that have not moved yet
    /// (``DefaultsStore/formerEntries(of:)``). Only the typed subclass knows its migrations.
    func formerEntries(in store: DefaultsStore) -> FormerEntries { FormerEntries() }

    /// The stored form of what the key reads in `store` when nothing is stored; the typed subclass knows.
    func defaultObject(in store: DefaultsStore) -> Any? { defaultObject }

    /// Whether `object` reads as a value of the key (inside its range): what sync accepts from the cloud.
    package func readsValue(from object: Any) -> Bool { false }

    /// Whether an administrator sets the key's value in `store` now; only the typed subclass can read it.
    func isForced(in store: DefaultsStore) -> Bool { false }

    /// A settings file's `object` for this key, checked as a stored value is read; only the typed subclass can.
    func checkedImport(_ object: Any) -> ImportCheck { .refused("the key's type is unknown") }

    /// The stored form of the key's value in `store` (`nil` for none): what an export of every value carries.
    func currentObject(in store: DefaultsStore) -> Any? { nil }

    /// Whether `object` reads as a file URL, which names a place on this device only.
    func holdsFileURL(_ object: Any) -> Bool { false }

    /// The stored `object` as a settings file carries it: a web URL as its text (not the archive `UserDefaults`
    /// stores, which only Foundation reads), everything else as stored.
    func fileObject(fromStored object: Any) -> Any { object }

    /// Keys are equal when they are stored under the same name with the same value type in the same suite.
    public static func == (lhs: DefaultsKeys, rhs: DefaultsKeys) -> Bool {
        lhs === rhs || (lhs.name == rhs.name && lhs.valueType == rhs.valueType && lhs.suiteName == rhs.suiteName)
    }

    /// Hashes the stored name, the value type and the suite.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(ObjectIdentifier(valueType))
        hasher.combine(suiteName)
    }
}

/// A typed key: a stored name, the type of its value and the value read when nothing is stored.
public final class DefaultsKey<Value: DefaultsSerializable>: DefaultsKeys, @unchecked Sendable {
    /// The value read when nothing (or nothing readable) is stored.
    public let defaultValue: Value
    /// The declared range: which stored values are read (another reads as ``defaultValue``, reported), and where
    /// a write outside it goes. `nil`: every readable value.
    let bounds: KeyBounds<Value>?
    /// How values stored by older versions become this key's, in order (renames from ``DefaultsKeys/formerNames`` included).
    public let migrations: [DefaultsMigration<Value>]

    /// Creates a key stored under `name`, read as `defaultValue` when nothing readable is stored.
    ///
    /// - Parameters:
    ///   - name: The string the value is stored under in `UserDefaults`.
    ///   - defaultValue: The value read when nothing (or nothing readable) is stored.
    ///   - formerNames: Names the value was stored under by older versions, in the key's own suite: a value found
    ///     there moves to `name` on first read.
    ///   - migrations: Other ways older versions stored the value (other suites, other types), after
    ///     `formerNames`.
    ///   - suite: The suite the key lives in (an app group, say); `nil` for the standard one.
    ///   - iCloud: Whether the value follows the user across devices through a running `DefaultsSync` (`TypedDefaultsSync`).
    ///   - label: The key's title and help for screens that list keys; `nil`: its name in words.
    ///   - managed: Whether an administrator's value (managed app configuration, forced preference) wins; see
    ///     ``DefaultsKeys/isManaged``.
    ///   - portable: Whether a settings export carries the value (`false` for caches, window state, tokens, device
    ///     ids); `nil`: ``DefaultsKeys/isPortable``'s rule.
    public init(_ name: String, default defaultValue: Value, formerNames: [String] = [], migrations: [DefaultsMigration<Value>] = [],
                suite: String? = nil, iCloud: Bool = false, label: DefaultsKeyLabel? = nil, managed: Bool = false, portable: Bool? = nil) {
        let all = Self.migrations(formerNames: formerNames, then: migrations)
        self.defaultValue = defaultValue
        self.bounds = nil
        self.migrations = all
        super.init(name: name, formerPlaces: Self.formerPlaces(of: all), suiteName: suite, hasRange: false, iCloud: iCloud,
                   managed: managed, label: label, readsElementByElement: Value.self is any ReadsElementByElement.Type,
                   keepsPreviousDefaults: all.contains { $0.keptDefault != nil }, keepsFormerEntries: all.contains(where: \.keepsFormerEntry),
                   cachesDecodedValues: keepsDecodedValues(of: Value.self), portable: portable)
    }

    /// Creates a key whose stored value is read only inside `range`: a value outside it (written by other code,
    /// an older version, or a launch argument) reads as the default, reported, never traps. A write outside it
    /// through the subscript, ``DefaultsStore/update(_:_:)`` or a binding stores the nearest bound instead,
    /// reported as `DefaultsFailure.Kind.outOfRange`; ``DefaultsStore/set(_:for:)`` throws
    /// ``DefaultsError/outOfRange(_:)``. Only declared bounds count: `in: 0...` has no upper bound to move a value to,
    /// and a half-open range (`0..<10`) no greatest value (a write at or past its end is not written, reported). The
    /// other parameters are those of ``init(_:default:formerNames:migrations:suite:iCloud:label:managed:portable:)``.
    public convenience init(_ name: String, default defaultValue: Value, in range: some RangeExpression<Value> & Sendable,
                            formerNames: [String] = [], migrations: [DefaultsMigration<Value>] = [], suite: String? = nil,
                            iCloud: Bool = false, label: DefaultsKeyLabel? = nil, managed: Bool = false, portable: Bool? = nil) where Value: Comparable {
        self.init(name, default: defaultValue, bounds: KeyBounds(range), formerNames: formerNames, migrations: migrations,
                  suite: suite, iCloud: iCloud, label: label, managed: managed, portable: portable)
    }

    private init(_ name: String, default defaultValue: Value, bounds: KeyBounds<Value>, formerNames: [String],
                 migrations: [DefaultsMigration<Value>], suite: String?, iCloud: Bool, label: DefaultsKeyLabel?, managed: Bool,
                 portable: Bool?) {
        let all = Self.migrations(formerNames: formerNames, then: migrations)
        self.defaultValue = defaultValue
        self.bounds = bounds
        self.migrations = all
        super.init(name: name, formerPlaces: Self.formerPlaces(of: all), suiteName: suite, hasRange: true, iCloud: iCloud,
                   managed: managed, label: label, readsElementByElement: Value.self is any ReadsElementByElement.Type,
                   keepsPreviousDefaults: all.contains { $0.keptDefault != nil }, keepsFormerEntries: all.contains(where: \.keepsFormerEntry),
                   cachesDecodedValues: keepsDecodedValues(of: Value.self), portable: portable)
    }

    /// Creates an optional key, whose default is `nil`. The other parameters are those of
    /// ``init(_:default:formerNames:migrations:suite:iCloud:label:managed:portable:)``.
    public convenience init(_ name: String, formerNames: [String] = [], migrations: [DefaultsMigration<Value>] = [], suite: String? = nil,
                            iCloud: Bool = false, label: DefaultsKeyLabel? = nil, managed: Bool = false, portable: Bool? = nil)
        where Value: ExpressibleByNilLiteral {
        self.init(name, default: nil, formerNames: formerNames, migrations: migrations, suite: suite, iCloud: iCloud, label: label,
                  managed: managed, portable: portable)
    }

    /// Plain renames from `formerNames`, then `migrations`: the order values are looked for in. (Computed before
    /// `super.init` from locals only: reading `self.migrations` there crashed the optimizer of Swift 6.3.)
    private static func migrations(formerNames: [String], then migrations: [DefaultsMigration<Value>]) -> [DefaultsMigration<Value>] {
        var all: [DefaultsMigration<Value>] = []
        all.reserveCapacity(formerNames.count + migrations.count)
        for name in formerNames { all.append(.renamed(from: name)) }
        all.append(contentsOf: migrations)
        return all
    }

    /// The former name and suite of each migration.
    private static func formerPlaces(of migrations: [DefaultsMigration<Value>]) -> [(name: String, suite: DefaultsFormerSuite)] {
        var places: [(name: String, suite: DefaultsFormerSuite)] = []
        places.reserveCapacity(migrations.count)
        // Not kept defaults (nothing moves) nor former entries kept in place (never removed with the key's value).
        for migration in migrations where migration.keptDefault == nil && !migration.keepsFormerEntry {
            places.append((migration.formerName, migration.formerSuite))
        }
        return places
    }

    /// Whether `value` lies in the key's range (always, for a key without one).
    @usableFromInline
    func isInRange(_ value: Value) -> Bool {
        bounds?.contains(value) ?? true
    }

    /// The stored form of ``defaultValue``.
    package override var defaultObject: Any? { (try? defaultValue.defaultsObject()) ?? nil }

    /// The stored form of what this key reads in `store` when nothing is stored: what `register` registers (an
    /// earlier release's default, for an install that kept it).
    override func defaultObject(in store: DefaultsStore) -> Any? {
        guard keepsPreviousDefaults else { return defaultObject }
        return (try? store.installDefault(of: self).defaultsObject()) ?? nil
    }

    /// `Value.self`.
    package override var valueType: Any.Type { Value.self }

    override func boxedValue(in store: DefaultsStore) -> Any? {
        flattenedOptional(store[self])
    }

    override func storeValue(fromObject object: Any, in store: DefaultsStore) -> Bool {
        // A collection whose elements do not all read is refused whole, and said: storing what read would leave
        // the others out in silence.
        let (accepted, leftOut) = ElementDropTally.counting { acceptedValue(from: object) }
        if leftOut > 0 {
            let detail = "not written: they do not read as elements of \(Value.self)"
            store.store(for: self).suite.failures.report(DefaultsFailure(.elementsLeftOut(count: leftOut), keyName: name, detail: detail))
            return false
        }
        guard let value = accepted else { return false }
        if isManaged, store.refusesWrite(of: self) { return false }
        return (try? store.set(value, for: self)) != nil
    }

    override func migrateFormerName(in store: DefaultsStore) {
        _ = store.migrateFormerName(of: self)
    }

    override func formerEntries(in store: DefaultsStore) -> FormerEntries {
        store.formerEntries(of: self)
    }

    override package func readsValue(from object: Any) -> Bool {
        acceptedValue(from: object) != nil
    }

    override func isForced(in store: DefaultsStore) -> Bool {
        store.isForced(self)
    }

    override func checkedImport(_ object: Any) -> ImportCheck {
        let (read, leftOut) = ElementDropTally.counting { Value.fromDefaultsObject(object) }
        guard let value = read else { return .refused("does not read as \(Value.self)") }
        if leftOut > 0 { return .refused("\(leftOut) of its elements do not read as elements of \(Value.self)") }
        let (nearest, outside, _) = bounds?.nearest(to: value) ?? (value, nil, nil)
        guard let written = nearest else { return .refused(outside ?? "") }
        guard let stored = try? written.defaultsObject() else { return .refused("has no stored form") }
        return .accepted(stored, note: outside.map { $0 + ": the nearest bound written" })
    }

    override func currentObject(in store: DefaultsStore) -> Any? {
        (try? store[self].defaultsObject()) ?? nil
    }

    override func fileObject(fromStored object: Any) -> Any {
        guard let url = storedURL(object), !url.isFileURL else { return object }
        return url.absoluteString
    }

    override func holdsFileURL(_ object: Any) -> Bool {
        storedURL(object)?.isFileURL == true
    }

    /// `object` read as the key's URL; `nil` for a key of another type (not decoded) or an unreadable object.
    private func storedURL(_ object: Any) -> URL? {
        guard Value.self == URL.self || Value.self == URL?.self, let value = Value.fromDefaultsObject(object) else { return nil }
        return flattenedOptional(value) as? URL
    }

    /// `object` read as a value of the key inside its range, or `nil`.
    private func acceptedValue(from object: Any) -> Value? {
        guard let value = Value.fromDefaultsObject(object), bounds?.contains(value) != false else { return nil }
        return value
    }
}

/// `value` as `Any`, without the `Optional` wrappers of an optional key's value: `nil` for none, the wrapped value
/// otherwise (so a debug screen prints `ann`, not `Optional("ann")`).
private func flattenedOptional(_ value: Any) -> Any? {
    guard let optional = value as? any OptionalValue else { return value }
    return optional.wrappedAny.flatMap(flattenedOptional)
}

private protocol OptionalValue {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrappedAny: Any? { map { $0 as Any } }
}
