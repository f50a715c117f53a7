import Foundation

/// How a stored object becomes a key's value when the common read (inlined into the caller) cannot say: a range to
/// check, collection elements left out, a value that does not read; each failure reported for the key.
extension DefaultsStore {
    /// The value of `key` that `object`, read from the suite (`nil`: nothing stored) once the key's migrations
    /// ran, stands for: the stored value, or the key's default when it does not read or is out of range (reported).
    func value<Value>(fromStored object: Any?, for key: DefaultsKey<Value>) -> Value {
        guard let object else { return installDefault(of: key) }
        switch decodedValue(of: object, for: key) {
        case .value(let value): return value
        case .outOfRange: return key.defaultValue
        case .unreadable:
            reportUnreadable(object, for: key)
            return key.defaultValue
        }
    }

    /// `object` read as a value of `key` (a ranged or collection key), or what an unreadable value reads as.
    @usableFromInline
    func valueReadOutOfLine<Value>(of object: Any, for key: DefaultsKey<Value>) -> Value {
        switch decodedValue(of: object, for: key) {
        case .value(let value): return value
        case .outOfRange: return key.defaultValue
        case .unreadable: return valueOfUnreadable(object, for: key)
        }
    }

    /// What a stored object that does not read as the key's type reads as: an older version's value of another
    /// type under the same name when a migration says how to read it, else the default, reported.
    @usableFromInline
    func valueOfUnreadable<Value>(_ object: Any, for key: DefaultsKey<Value>) -> Value {
        if key.migratesInPlace { return migrateFormerName(of: key) ?? key.defaultValue }
        reportUnreadable(object, for: key)
        return key.defaultValue
    }

    private enum Decoded<Value> {
        case value(Value)
        /// Read, outside the key's range (reported).
        case outOfRange
        /// Not read as the key's type (not reported: a migration in place may still read it).
        case unreadable
    }

    /// `object` read as a value of `key` inside its range, with the elements it left out reported.
    private func decodedValue<Value>(of object: Any, for key: DefaultsKey<Value>) -> Decoded<Value> {
        let (read, leftOut) = ElementDropTally.counting { Value.fromDefaultsObject(object) }
        if leftOut > 0 {
            let detail = "they do not read as elements of \(Value.self)"
            suite.failures.report(DefaultsFailure(.elementsLeftOut(count: leftOut), keyName: key.name, detail: detail))
        }
        guard let value = read else { return .unreadable }
        guard key.isInRange(value) else {
            suite.failures.report(DefaultsFailure(.unreadable, keyName: key.name, detail: "a value outside the key's range"))
            return .outOfRange
        }
        return .value(value)
    }

    private func reportUnreadable<Value>(_ object: Any, for key: DefaultsKey<Value>) {
        let detail = "\(storedTypeDescription(of: object)) does not read as \(Value.self)"
        suite.failures.report(DefaultsFailure(.unreadable, keyName: key.name, detail: detail))
    }
}
