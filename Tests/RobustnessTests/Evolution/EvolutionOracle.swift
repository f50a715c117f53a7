import Foundation

/// What a user's value of version N must read as in version N+1 when it is kept: the same value in the new key's
/// type (a number in another numeric type, a record with the new fields' defaults), or its migration's mapped
/// value. `nil` where no such value exists (the value is lost or misread).
struct EvolutionOracle {
    let old: EvolvingSchema
    let new: EvolvingSchema

    /// Where a key of N+1 finds a value of N: the key of N, and the migration that moves it (if any).
    struct Source {
        let key: KeySpec
        let migration: MigrationSpec?
    }

    /// The sources of `key`, in the order the runtime looks: its own stored name and suite first, then each former
    /// place of `renamedFrom`.
    func sources(of key: KeySpec) -> [Source] {
        var result: [Source] = []
        let inPlace = key.renamedFrom.first { $0.name == key.storedName && resolvedSuite($0, of: key) == key.suite }
        if let own = old.keys.first(where: { $0.storedName == key.storedName && $0.suite == key.suite }) {
            result.append(Source(key: own, migration: inPlace))
        }
        for migration in key.renamedFrom where migration != inPlace {
            if let former = old.keys.first(where: { $0.storedName == migration.name && $0.suite == resolvedSuite(migration, of: key) }) {
                result.append(Source(key: former, migration: migration))
            }
        }
        return result
    }

    /// The keys of N that no key of N+1 reads.
    var unclaimed: [KeySpec] {
        let claimed = Set(new.keys.flatMap { sources(of: $0).map(\.key.identifier) })
        return old.keys.filter { !claimed.contains($0.identifier) }
    }

    private func resolvedSuite(_ migration: MigrationSpec, of key: KeySpec) -> String? {
        guard let suite = migration.suite else { return key.suite }
        return suite.isEmpty ? nil : suite
    }

    /// `value` of `source` kept in `key`: mapped by a typed migration, else the same value in the key's type.
    func kept(_ value: StoredValue, from source: Source, in key: KeySpec) -> StoredValue? {
        if let typed = source.migration?.typed {
            let text: String
            switch value {
            case .string(let string): text = string
            default: text = value.json
            }
            if let pair = typed.values.first(where: { pair in
                if case .string(let old) = pair.old { return old == text }
                return pair.old.json == text
            }) {
                return pair.new
            }
        }
        return converted(value, to: key.type, range: key)
    }

    /// The same value in `type` (inside `range`'s bounds), or `nil` when the type has none.
    func converted(_ value: StoredValue, to type: KeyType, range: KeySpec? = nil) -> StoredValue? {
        switch type {
        case .optional(let inner): return converted(value, to: inner, range: range)
        case .scalar(let scalar):
            guard let result = converted(value, to: scalar) else { return nil }
            if let range, let number = result.number {
                if let minimum = range.minimum, number < Double(minimum) { return nil }
                if let maximum = range.maximum, number > Double(maximum) { return nil }
            }
            return result
        case .array(let scalar), .set(let scalar):
            guard case .array(let items) = value else { return nil }
            var result: [StoredValue] = []
            for item in items {
                guard let element = converted(item, to: scalar) else { return nil }
                if case .set = type, result.contains(element) { continue }
                result.append(element)
            }
            return .array(result)
        case .enumeration(let name):
            guard let spec = new.enums[name] else { return nil }
            return spec.rawValues.contains(value) ? value : nil
        case .record(let name):
            guard case .dictionary(let members) = value, let record = new.records[name] else { return nil }
            var result: [String: StoredValue] = [:]
            for field in record.fields {
                if let stored = members[field.name] {
                    guard let element = converted(stored, to: field.type) else { return nil }
                    result[field.name] = element
                } else if let fallback = field.defaultValue {
                    result[field.name] = fallback
                } else {
                    return nil
                }
            }
            return .dictionary(result)
        }
    }

    private func converted(_ value: StoredValue, to scalar: ScalarType) -> StoredValue? {
        switch (scalar, value) {
        case (.bool, .bool): return value
        case (.string, .string): return value
        case (.double, .int(let number)): return .double(Double(number))
        case (.double, .double): return value
        case (.propertyList, _): return value
        case (.int, .int), (.int16, .int):
            guard case .int(let number) = value, scalar == .int || Int(Int16.min)...Int(Int16.max) ~= number else { return nil }
            return value
        case (.int, .double(let number)), (.int16, .double(let number)):
            guard number.rounded() == number, let integer = Int(exactly: number) else { return nil }
            return converted(.int(integer), to: scalar)
        default: return nil
        }
    }

    /// Whether some value that N's key could hold would not be kept by `key` (read as the default): a value of
    /// each kind the old type holds, at its range's ends, probed through ``kept(_:from:in:)``.
    func losesSomeValue(of key: KeySpec) -> Bool {
        sources(of: key).contains { source in
            probes(of: source.key.type.wrapped, range: source.key).contains { kept($0, from: source, in: key) == nil }
        }
    }

    private func probes(of type: KeyType, range: KeySpec?) -> [StoredValue] {
        switch type {
        case .optional(let inner): return probes(of: inner, range: range)
        case .scalar(let scalar):
            if let range, let minimum = range.minimum, let maximum = range.maximum {
                // The ends, and for a Double a fraction inside.
                let ends: [StoredValue] = [minimum, maximum].map { scalar == .double ? .double(Double($0)) : .int($0) }
                return scalar == .double && minimum < maximum ? ends + [.double(Double(minimum) + 0.5)] : ends
            }
            return scalarProbes(scalar)
        case .array(let scalar), .set(let scalar): return scalarProbes(scalar).map { .array([$0]) }
        case .enumeration(let name): return old.enums[name]?.rawValues ?? []
        case .record(let name):
            guard let record = old.records[name] else { return [] }
            let base = Dictionary(uniqueKeysWithValues: record.fields.map { ($0.name, scalarProbes($0.type)[0]) })
            return record.fields.flatMap { field in
                scalarProbes(field.type).map { probe in
                    var members = base
                    members[field.name] = probe
                    return StoredValue.dictionary(members)
                }
            }
        }
    }

    private func scalarProbes(_ scalar: ScalarType) -> [StoredValue] {
        switch scalar {
        case .bool: return [.bool(false), .bool(true)]
        case .int: return [.int(0), .int(40_000), .int(-40_000)]
        case .int16: return [.int(0), .int(300), .int(-300)]
        case .double: return [.double(0), .double(0.25), .double(-12.5)]
        case .string: return [.string("ann"), .string("x y")]
        case .propertyList: return [.bool(true), .int(3), .double(0.25), .string("ann")]
        }
    }

    /// What `key` reads when nothing of it is stored: its default, as stored (a record with every field).
    func storedDefault(of key: KeySpec) -> StoredValue? {
        guard let value = key.defaultValue else { return nil }
        if case .record(let name) = key.type.wrapped, case .dictionary(let given) = value, let record = new.records[name] {
            var members: [String: StoredValue] = [:]
            for field in record.fields { members[field.name] = given[field.name] ?? field.defaultValue }
            return .dictionary(members)
        }
        if case .scalar(.double) = key.type.wrapped, case .int(let number) = value { return .double(Double(number)) }
        return value
    }

    /// The canonical form the package prints for `value` of `key` (`nil`: "nil").
    func canonical(_ value: StoredValue?, of key: KeySpec) -> String {
        guard let value else { return "nil" }
        if case .set = key.type.wrapped { return value.canonical(sorted: true) }
        return value.canonical()
    }
}

extension StoredValue {
    /// The value as a number, for range checks.
    var number: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }
}
