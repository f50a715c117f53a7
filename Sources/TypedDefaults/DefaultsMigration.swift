/// Where a key's former value lived: in the key's own suite, the standard one, or a named suite.
public enum DefaultsFormerSuite: Sendable, Hashable {
    /// The suite the key lives in now.
    case sameAsKey
    /// `UserDefaults.standard` (or the standard store of the current isolation scope).
    case standard
    /// The suite of this name (an app group, for example).
    case named(String)
}

/// How a value stored by an older version of the app becomes the key's value: a stored name (and suite) it lived
/// under, and how the old stored value reads as the new type.
///
/// ```swift
/// DefaultsKey<Bool>("showSearch", default: true, migrations: [
///     .from("hideSearch", as: Bool.self, values: [true: false, false: true]),
/// ])
/// ```
///
/// The migration runs on the key's first read (or `register`) in a store that has no value under the key's own
/// name: the old value is read as the old type, mapped, written under the key's name in the new form, and the old
/// entry removed. It happens once, under the key's suite lock, so concurrent first reads migrate exactly once.
/// A typed old value that neither maps nor reads as the new type is dropped (the default applies) and reported
/// (``DefaultsFailure/Kind/migrationValueDropped(formerName:)``); a plain rename leaves an unreadable old value where
/// it is.
///
/// A migration from another suite (`.standard`, `.named`) runs only in the stores that `Defaults[...]` uses (the
/// shared store of the key's suite, real or isolated): a store made explicitly stands alone.
public struct DefaultsMigration<Value: DefaultsSerializable>: Sendable {
    /// The stored name the old value lived under (empty for ``previousDefault(_:throughRelease:)``, which moves
    /// nothing).
    public let formerName: String
    /// The suite the old value lived in.
    public let formerSuite: DefaultsFormerSuite
    /// Whether the old value was declared with its own type (a typed migration): one that reads neither way is dropped.
    let isTyped: Bool
    /// The old stored object as the new value, or `nil` when it has none.
    let convert: @Sendable (Any) -> Value?
    /// For ``previousDefault(_:throughRelease:)``: the earlier default, and the newest release that had it.
    let keptDefault: (value: Value, throughRelease: String)?
    /// ``keepingFormerEntry()``: the old entry stays where it is after the move.
    private(set) var keepsFormerEntry = false
    /// ``retryingUnconvertible()``: an old value that does not convert stays, tried again at the next launch.
    private(set) var retriesUnconvertible = false

    private init(formerName: String, formerSuite: DefaultsFormerSuite, isTyped: Bool,
                 keptDefault: (value: Value, throughRelease: String)? = nil, convert: @escaping @Sendable (Any) -> Value?) {
        self.formerName = formerName
        self.formerSuite = formerSuite
        self.isTyped = isTyped
        self.keptDefault = keptDefault
        self.convert = convert
    }

    /// This migration, leaving the former entry where it is: older versions of the app (or another app sharing the
    /// suite) still read it. The move happens once per suite: a mark under the entry
    /// `TypedDefaultsMigratedFormerEntries` says it did, so removing the key's value later reads the default, not the
    /// old entry again.
    public func keepingFormerEntry() -> Self {
        var copy = self
        copy.keepsFormerEntry = true
        return copy
    }

    /// This migration, leaving an old value it cannot convert where it is (reported, not dropped), to be tried
    /// again at the next launch, by which a later version may convert it. Within one launch it is tried once.
    public func retryingUnconvertible() -> Self {
        var copy = self
        copy.retriesUnconvertible = true
        return copy
    }

    /// The default that releases up to `version` had, kept for the installs that first ran one of them: while
    /// nothing is stored, such an install reads `value` (as does `register`), and a newer install the key's
    /// default. The schema's `"keepPreviousDefault": true` generates these from the release record, oldest first;
    /// an install reads the first whose release is at or after the app version it first ran.
    ///
    /// Which version an install first ran is kept in each suite under the entry `TypedDefaultsFirstVersion` (the
    /// app's `CFBundleShortVersionString`, or `TYPED_DEFAULTS_APP_VERSION` from the environment where there is no
    /// bundle version, written on the first launch that can read the suite: never before the device's first
    /// unlock, when every read finds nothing). An install whose suite holds no such entry is one
    /// that never ran a release built with TypedDefaults, and reads the key's default.
    public static func previousDefault(_ value: Value, throughRelease version: String) -> Self {
        Self(formerName: "", formerSuite: .sameAsKey, isTyped: false, keptDefault: (value, version)) { _ in nil }
    }

    /// The value under `name` (in `suite`) moves to the key as it is: read as the key's type.
    public static func renamed(from name: String, suite: DefaultsFormerSuite = .sameAsKey) -> Self {
        Self(formerName: name, formerSuite: suite, isTyped: false) { Value.fromDefaultsObject($0) }
    }

    /// The value under `name` (in `suite`) becomes the key's through `convert`, the app's own function: it receives
    /// the old stored object as it is (a number, a string, archived `Data`…) and returns the new value, or `nil` to
    /// drop it (reported as a ``DefaultsFailure``). Called once per migrated value, under the same exactly-once rules
    /// as every migration.
    public static func converted(from name: String, suite: DefaultsFormerSuite = .sameAsKey,
                                 by convert: @escaping @Sendable (Any) -> Value?) -> Self {
        Self(formerName: name, formerSuite: suite, isTyped: true, convert: convert)
    }

    /// The value under `name` (in `suite`) was stored as `Old`; it reads as `Old`, then as the key's type from its
    /// stored form (an `Int` becomes a `Double`, a `String` raw value a case).
    public static func from<Old: DefaultsSerializable>(_ name: String, suite: DefaultsFormerSuite = .sameAsKey, as old: Old.Type) -> Self {
        Self(formerName: name, formerSuite: suite, isTyped: true) { object in
            guard let value = Old.fromDefaultsObject(object), let stored = try? value.defaultsObject() else { return nil }
            return Value.fromDefaultsObject(stored)
        }
    }

    /// The value under `name` (in `suite`) was stored as `Old` and maps through `values`; an old value not in
    /// `values` is read as the key's type, or else dropped.
    public static func from<Old: DefaultsSerializable & Hashable>(
        _ name: String, suite: DefaultsFormerSuite = .sameAsKey, as old: Old.Type, values: [Old: Value]
    ) -> Self {
        Self(formerName: name, formerSuite: suite, isTyped: true) { object in
            if let value = Old.fromDefaultsObject(object), let mapped = values[value] { return mapped }
            return Value.fromDefaultsObject(object)
        }
    }
}

extension DefaultsFormerSuite {
    /// The suite's name for a key declared with the suite `keySuite`; `nil` for the standard one.
    func suiteName(ofKeyIn keySuite: String?) -> String? {
        switch self {
        case .sameAsKey: keySuite
        case .standard: nil
        case .named(let name): name
        }
    }
}
