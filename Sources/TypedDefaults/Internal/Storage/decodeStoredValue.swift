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

    /// The value of a key that reads out of line (``DefaultsKeys/readsOutOfLine``): a range to check, elements that
    /// may be left out, a decoded value kept for the next read of the same stored object (``DecodedValue``).
    @usableFromInline
    func valueReadOutOfLine<Value>(for key: DefaultsKey<Value>) -> Value {
        guard key.cachesDecodedValues else {
            guard let object = storage.object(forKey: key.name) else { return valueOfNothingStored(for: key) }
            return valueRead(from: decodedValue(of: object, for: key), of: object, for: key)
        }
        let (object, kept, stamp) = storage.objectForDecoding(forKey: key.name)
        guard let object else { return valueOfNothingStored(for: key) }
        if let kept = kept as? Decoded<Value> { return valueRead(from: valueInRange(kept.value, for: key), of: object, for: key) }
        let decoded = decodedValue(of: object, for: key) { storage.remember(Decoded($0, from: object, stamp: stamp), forKey: key.name) }
        return valueRead(from: decoded, of: object, for: key)
    }

    /// What `key` reads when nothing is stored under its name: a value migrated from a former place, or its default
    /// (an earlier release's, for an install that kept it).
    @usableFromInline
    func valueOfNothingStored<Value>(for key: DefaultsKey<Value>) -> Value {
        guard key.hasMigrations else { return key.defaultValue }
        return migrateFormerName(of: key) ?? installDefault(of: key)
    }

    private func valueRead<Value>(from decoded: ReadOutcome<Value>, of object: Any, for key: DefaultsKey<Value>) -> Value {
        switch decoded {
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

    private enum ReadOutcome<Value> {
        case value(Value)
        /// Read, outside the key's range (reported).
        case outOfRange
        /// Not read as the key's type (not reported: a migration in place may still read it).
        case unreadable
    }

    /// `object` read as a value of `key` inside its range, with the elements it left out reported; `keep` gets the
    /// value read before its range is checked (what a later read of the same object may return).
    private func decodedValue<Value>(of object: Any, for key: DefaultsKey<Value>,
                                     keep: (Value) -> Void = { _ in }) -> ReadOutcome<Value> {
        let (read, leftOut) = ElementDropTally.counting { Value.fromDefaultsObject(object) }
        if leftOut > 0 {
            let detail = "they do not read as elements of \(Value.self)"
            suite.failures.report(DefaultsFailure(.elementsLeftOut(count: leftOut), keyName: key.name, detail: detail))
        }
        guard let value = read else { return .unreadable }
        keep(value)
        return valueInRange(value, for: key)
    }

    private func valueInRange<Value>(_ value: Value, for key: DefaultsKey<Value>) -> ReadOutcome<Value> {
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
