import Foundation

/// Something a store could not do with a key's value, reported instead of passing in silence: nothing crashes,
/// and what the key reads is said in ``Kind``.
///
/// Reported on Apple platforms through `Logger` (subsystem `TypedDefaults`, category `failures`; in Console, or
/// `log stream --predicate 'subsystem == "TypedDefaults"'`), on every platform to ``DefaultsStore/failures(for:)``,
/// where tests see them key by key.
public struct DefaultsFailure: Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// A value assigned through the subscript, `@Default` or a binding has no stored form (a `Double.nan`
        /// inside a record, say): nothing was written, and the key keeps its stored value.
        case notEncodable
        /// The stored value does not read as the key's type, or lies outside its range: the key reads its default,
        /// and the stored value is left in place until the next write.
        case unreadable
        /// `count` elements of a stored collection (records whose fields do not read) were left out; the others
        /// read as usual. The next write of the whole collection stores only what was read.
        case elementsLeftOut(count: Int)
        /// A value an older version stored under `formerName` could not be converted by the key's migration, and
        /// was dropped: the key reads its default.
        case migrationValueDropped(formerName: String)
        /// A write (a set, a removal, an update) of a managed key was not made: an administrator sets its value
        /// (``DefaultsStore/isForced(_:)``). The key reads the administrator's value; the person's own stored value
        /// is left as it was, and reads again when management ends.
        case managedByAdministrator
        /// A value assigned through the subscript, `update`, `@Default` or a binding lay outside the key's declared
        /// range: the nearest bound was stored instead (a NaN has none: nothing was written, and the key keeps its
        /// value).
        case outOfRange
    }

    /// What went wrong.
    public let kind: Kind
    /// The stored name of the key.
    public let keyName: String
    /// What was found, or the error, in words.
    public let detail: String

    /// A failure of `kind` for the key stored as `keyName`.
    package init(_ kind: Kind, keyName: String, detail: String) {
        self.kind = kind
        self.keyName = keyName
        self.detail = detail
    }

    /// The failure in one line, as logged.
    public var description: String {
        switch kind {
        case .notEncodable:
            return "\"\(keyName)\": a value was not written, it has no stored form (\(detail))"
        case .unreadable:
            return "\"\(keyName)\": the stored value reads as the default (\(detail))"
        case .elementsLeftOut(let count):
            return "\"\(keyName)\": \(count) element\(count == 1 ? "" : "s") of the stored collection left out (\(detail))"
        case .migrationValueDropped(let formerName):
            return "\"\(keyName)\": the value stored under \"\(formerName)\" was dropped by its migration (\(detail))"
        case .managedByAdministrator:
            return "\"\(keyName)\": a write was not made, the key is managed by an administrator (\(detail))"
        case .outOfRange:
            return "\"\(keyName)\": a value written lay outside the key's range (\(detail))"
        }
    }
}

extension DefaultsStore {
    /// The failures reported for `key` in this store's suite since the process started (or since
    /// ``removeFailures(for:)``), oldest first: its last 16, each once in a row (a value read again and again that
    /// does not read is one failure).
    public func failures(for key: DefaultsKeys) -> [DefaultsFailure] {
        if let home = homeElsewhere(of: key) { return home.failures(for: key) }
        return suite.failures.failures(named: key.name)
    }

    /// Forgets the failures reported for `key` (tests that check a failure at a time).
    public func removeFailures(for key: DefaultsKeys) {
        if let home = homeElsewhere(of: key) { return home.removeFailures(for: key) }
        suite.failures.remove(named: key.name)
    }
}
