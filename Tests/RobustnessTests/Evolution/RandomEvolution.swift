import Foundation

/// One seed of the evolution test: a random schema N, the edits that made N+1 from it, and the values written with
/// N's keys in each round.
struct RandomEvolution {
    let seed: UInt64
    /// `S<seed>`: the prefix of the seed's identifiers and types (one module holds many seeds).
    let prefix: String
    var old = EvolvingSchema()
    var new = EvolvingSchema()
    /// What was done, for the failure report.
    var edits: [String] = []
    /// The kind of each edit: a row of docs/Schema.md's table of changes.
    var kinds: [ChangeKind] = []
    /// The value each key of N holds in each round (by identifier); absent: not written.
    var rounds: [[String: StoredValue]] = []
    private var random: SeededRandom

    static let roundCount = 4

    init(seed: UInt64) {
        self.seed = seed
        prefix = "S\(seed)"
        random = SeededRandom(seed: seed)
        let count = Int.random(in: 2...6, using: &random)
        for index in 0..<count {
            let (key, enumeration, record) = makeKey(index)
            old.keys.append(key)
            if let enumeration { old.enums[enumeration.name] = enumeration }
            if let record { old.records[record.name] = record }
        }
        new = old
        // One edit alone half the time (docs/Schema.md's table is checked on those), else 2 to 4 together.
        for _ in 0..<(random.chance(0.7) ? 1 : Int.random(in: 2...4, using: &random)) { edit() }
        for round in 0..<Self.roundCount {
            var values: [String: StoredValue] = [:]
            for key in old.keys { values[key.identifier] = value(for: key, in: old, round: round) }
            rounds.append(values)
        }
    }

    // MARK: Schema N

    /// A random key, and the enum or record type it declares.
    private mutating func makeKey(_ index: Int) -> (KeySpec, EnumSpec?, RecordSpec?) {
        let identifier = "\(prefix.lowercased())k\(index)"
        var key = KeySpec(identifier: identifier, storedName: identifier, type: .scalar(.int))
        if random.chance(0.2) { key.suite = random.pick(["group.evolution.a", "group.evolution.b"]) }
        if random.chance(0.1) { key.iCloud = true }
        // Every fifth key managed, without a random draw (a seed's evolution stays as it was): managed keys evolve
        // like any other, and their migrations run the same.
        key.managed = index % 5 == 2
        var declaredEnum: EnumSpec?
        var declaredRecord: RecordSpec?
        switch Int.random(in: 0..<9, using: &random) {
        case 0, 1:
            // Int three times as often: its retypes (wider, narrower, ranged or not) are most of the table's numeric
            // rows; a value of any shape twice, for its two rows of incompatible retypes.
            let scalar = random.pick(ScalarType.allCases + [.int, .int, .propertyList])
            key.type = .scalar(scalar)
            key.defaultValue = defaultValue(of: scalar)
            if scalar == .int || scalar == .double, random.chance(0.5) {
                key.minimum = -Int.random(in: 0...50, using: &random)
                key.maximum = Int.random(in: 1...50, using: &random)
                key.defaultValue = scalar == .int ? .int(0) : .double(0)
            }
        case 2: key.type = .optional(.scalar(random.pick(ScalarType.allCases)))
        case 3: key.type = .array(random.pick([.int, .string])); key.defaultValue = .array([])
        case 4: key.type = .set(random.pick([.int, .string])); key.defaultValue = .array([])
        case 5, 6:
            let spec = makeEnum("\(prefix)E\(index)")
            declaredEnum = spec
            key.type = .enumeration(spec.name)
            key.defaultValue = spec.rawValues[0]
        default:
            let record = makeRecord("\(prefix)R\(index)")
            declaredRecord = record
            key.type = .record(record.name)
            // The key's default gives every required field.
            key.defaultValue = .dictionary(Dictionary(uniqueKeysWithValues: record.fields.filter { $0.defaultValue == nil }.map { ($0.name, defaultValue(of: $0.type)) }))
        }
        return (key, declaredEnum, declaredRecord)
    }

    private mutating func makeEnum(_ name: String) -> EnumSpec {
        let isInt = random.chance(0.4)
        let count = Int.random(in: 2...4, using: &random)
        let raws = isInt ? Array(Set((0..<count).map { _ in String(Int.random(in: -5...20, using: &random)) })).sorted()
            : Array(["red", "green", "blue", "gray", "dark"].prefix(count))
        return EnumSpec(name: name, isInt: isInt, raws: raws.count >= 2 ? raws : ["1", "2"])
    }

    private mutating func makeRecord(_ name: String) -> RecordSpec {
        let fields = (0..<Int.random(in: 1...3, using: &random)).map { number -> FieldSpec in
            let type = random.pick([ScalarType.int, .string, .double, .bool])
            return FieldSpec(name: "f\(number)", type: type, defaultValue: random.chance(0.8) ? defaultValue(of: type) : nil)
        }
        return RecordSpec(name: name, fields: fields)
    }

    private func defaultValue(of scalar: ScalarType) -> StoredValue {
        switch scalar {
        case .bool: return .bool(false)
        case .int, .int16: return .int(0)
        case .double: return .double(0.5)
        case .string: return .string("")
        case .propertyList: return .string("x")
        }
    }

    // MARK: Values

    private mutating func value(of scalar: ScalarType, round: Int) -> StoredValue {
        switch scalar {
        case .bool: return .bool(random.chance(0.5))
        case .int: return .int(round == 1 ? 40_000 + Int.random(in: 0...9, using: &random) : Int.random(in: -60...60, using: &random))
        case .int16: return .int(Int.random(in: -300...300, using: &random))
        case .double: return .double(Double(Int.random(in: -200...200, using: &random)) / 4)
        case .string: return .string(random.pick(["ann", "bob", "12", "zoë", "red", "x y"]))
        case .propertyList:
            return random.pick([.bool(random.chance(0.5)), .int(Int.random(in: -60...60, using: &random)), .double(0.25), .string("ann")])
        }
    }

    /// A value of `key`'s type (inside its range), different in each round where it can be.
    private mutating func value(for key: KeySpec, in schema: EvolvingSchema, round: Int) -> StoredValue? {
        switch key.type.wrapped {
        case .scalar(let scalar):
            if let minimum = key.minimum, let maximum = key.maximum {
                let number = round == 1 ? maximum : Int.random(in: minimum...maximum, using: &random)
                return scalar == .double ? .double(Double(number)) : .int(number)
            }
            return value(of: scalar, round: round)
        case .array(let scalar): return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in value(of: scalar, round: round) })
        case .set(let scalar):
            var seen: [StoredValue] = []
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let item = value(of: scalar, round: round)
                if !seen.contains(item) { seen.append(item) }
            }
            return .array(seen)
        case .enumeration(let name):
            let raws = schema.enums[name]!.rawValues
            return raws[round % raws.count]
        case .record(let name):
            var members: [String: StoredValue] = [:]
            for field in schema.records[name]!.fields { members[field.name] = value(of: field.type, round: round) }
            return .dictionary(members)
        default: return nil
        }
    }

    // MARK: Edits (N → N+1)

    private mutating func edit() {
        guard !new.keys.isEmpty else { return }
        // Range edits and compatible retypes twice as often as others: each of their kinds needs a few single edits.
        var roll = Int.random(in: 0..<16, using: &random)
        if roll == 14 { roll = 8 }
        if roll == 15 { roll = 0 }
        // Range edits go to a key with a range, typed renames to a Bool or String key, when there is one.
        let preferred = new.keys.indices.filter { index in
            switch roll {
            case 8: return new.keys[index].maximum != nil
            // Numeric retypes go to a number (an Int without a range: one with loses nothing to Int16), when there is one.
            case 0: return [.scalar(.int), .scalar(.double)].contains(new.keys[index].type) && new.keys[index].maximum == nil
            // Made optional (or not): a scalar without a range.
            case 9: if case .scalar = new.keys[index].type.wrapped { return new.keys[index].minimum == nil } else { return false }
            case 7: return [.scalar(.bool), .scalar(.string)].contains(new.keys[index].type)
            // Incompatible retypes, to a value of any shape when there is one (its keys are few).
            case 1: return new.keys[index].type == .scalar(.propertyList)
            case 2, 3: if case .enumeration = new.keys[index].type { return true } else { return false }
            case 4, 5: if case .record = new.keys[index].type { return true } else { return false }
            default: return false
            }
        }
        let index = preferred.isEmpty ? Int.random(in: 0..<new.keys.count, using: &random) : random.pick(preferred)
        var key = new.keys[index]
        let name = key.identifier
        switch roll {
        case 0: retype(&key, compatible: true)
        case 1: retype(&key, compatible: false)
        case 2, 3: editEnum(&key)
        case 4, 5: editRecord(&key)
        case 6:
            // Moved to another suite, with or without a migration from the old one.
            let oldSuite = key.suite
            key.suite = oldSuite == nil ? "group.evolution.moved" : (random.chance(0.5) ? nil : "group.evolution.moved")
            if random.chance(0.6) { key.renamedFrom.append(MigrationSpec(name: key.storedName, suite: oldSuite ?? "")); note(.movedSuiteMigrated, "\(name): moved suite with renamedFrom") } else { note(.movedSuite, "\(name): moved suite") }
        case 7:
            // Renamed: another stored name, with a plain or typed migration, or none.
            let oldName = key.storedName
            key.storedName = oldName + "_v2"
            switch Int.random(in: 0..<3, using: &random) {
            case 0: note(.renamed, "\(name): stored name changed without renamedFrom")
            case 1: key.renamedFrom.append(MigrationSpec(name: oldName)); note(.renamedMigrated, "\(name): renamed with renamedFrom")
            default:
                if case .scalar(.bool) = key.type {
                    key.renamedFrom.append(MigrationSpec(name: oldName, typed: (.bool, [(.string("true"), .bool(false)), (.string("false"), .bool(true))])))
                    note(.renamedTyped, "\(name): renamed with a typed migration inverting Bool")
                } else if case .scalar(.string) = key.type {
                    key.renamedFrom.append(MigrationSpec(name: oldName, typed: (.string, [(.string("ann"), .string("anna")), (.string("12"), .string("twelve"))])))
                    note(.renamedTyped, "\(name): renamed with a typed migration mapping two strings")
                } else {
                    key.renamedFrom.append(MigrationSpec(name: oldName)); note(.renamedMigrated, "\(name): renamed with renamedFrom")
                }
            }
        case 8:
            // The range narrowed or widened.
            guard let minimum = key.minimum, let maximum = key.maximum else { return edit() }
            if random.chance(0.55) {
                key.maximum = max(minimum + 1, maximum / 2)
                if random.chance(0.35) { key.acceptLostValuesSince = "1.0"; note(.rangeNarrowedAccepted, "\(name): range narrowed, loss accepted") }
                else { note(.rangeNarrowed, "\(name): range narrowed") }
            }
            else { key.minimum = minimum - 10; key.maximum = maximum + 10; note(.rangeWidened, "\(name): range widened") }
        case 9:
            // Made optional, or no longer optional.
            if key.type.isOptional {
                guard case .scalar(let scalar) = key.type.wrapped else { return }
                key.type = .scalar(scalar); key.defaultValue = defaultValue(of: scalar); note(.madeNonOptional, "\(name): no longer optional")
            } else if case .scalar = key.type, key.minimum == nil {
                key.type = .optional(key.type)
                if random.chance(0.5) {
                    note(.madeOptionalWithDefault, "\(name): made optional, keeping its default")
                } else {
                    key.defaultValue = nil; note(.madeOptional, "\(name): made optional")
                }
            } else { return }
        case 10:
            // Retired, or removed without retiring.
            new.keys.remove(at: index)
            if random.chance(0.6) { new.retired.append(key.storedName); note(.retired, "\(name): retired") } else { note(.removed, "\(name): removed") }
            return
        case 11:
            // A key removed and its stored name used again by a new key of another type.
            // (A name both retired and used by a key is refused by the generator: the schema says two things.)
            new.keys.remove(at: index)
            // Of a type that cannot read the old values: a Bool for a collection, else an array.
            let isCollection = { if case .array = key.type.wrapped { return true }; if case .set = key.type.wrapped { return true }; return false }()
            let reused = KeySpec(identifier: name + "r", storedName: key.storedName, suite: key.suite, type: isCollection ? .scalar(.bool) : .array(.int),
                                 defaultValue: isCollection ? .bool(false) : .array([]))
            new.keys.insert(reused, at: index)
            note(.reusedName, "\(name): removed; its stored name now holds \(reused.identifier) (\(new.typeName(reused.type)))")
            return
        default:
            // A new key.
            var (added, enumeration, record) = makeKey(new.keys.count + 10)
            added.identifier += "n"
            added.storedName = added.identifier
            if let enumeration { new.enums[enumeration.name] = enumeration }
            if let record { new.records[record.name] = record }
            new.keys.append(added)
            note(.newKey, "\(added.identifier): added")
            return
        }
        new.keys[index] = key
    }

    private mutating func retype(_ key: inout KeySpec, compatible: Bool) {
        let name = key.identifier
        let kind: ChangeKind
        switch (key.type, compatible) {
        case (.scalar(.int), true):
            if random.chance(key.maximum == nil ? 0.3 : 0.5) {
                key.type = .scalar(.double)
                if case .int(let number) = key.defaultValue { key.defaultValue = .double(Double(number)) }
                kind = .intToDouble
            } else {
                key.type = .scalar(.int16)
                // A range inside Int16's loses nothing (values outside it never read); without one, values beyond
                // Int16's are lost.
                if key.minimum != nil, key.maximum != nil { kind = .intToInt16InRange }
                else { kind = acceptingLoss(&key) ? .intToInt16Accepted : .intToInt16 }
            }
        case (.scalar(.int16), true): key.type = .scalar(.int); kind = .int16ToInt
        case (.scalar(.propertyList), false):
            key.type = .scalar(.string); key.defaultValue = .string("x")
            kind = acceptingLoss(&key) ? .propertyListToStringAccepted : .propertyListToString
        case (.scalar(.double), true):
            key.type = .scalar(.int); key.defaultValue = .int(0)
            kind = acceptingLoss(&key) ? .doubleToIntAccepted : .doubleToInt
        case (.scalar(let scalar), true) where scalar == .bool || scalar == .string:
            // The default kept as it is: the same JSON reads as the same value of any shape.
            key.type = .scalar(.propertyList)
            kind = .scalarToPropertyList
        case (.array(let scalar), true): key.type = .set(scalar); kind = .arrayToSet
        case (.set(let scalar), true): key.type = .array(scalar); kind = .setToArray
        case (.scalar(let scalar), false) where scalar != .string && scalar != .propertyList:
            key.type = .scalar(.string); key.defaultValue = .string("x"); key.minimum = nil; key.maximum = nil
            kind = .scalarToString
        case (.scalar(.string), false): key.type = .scalar(.int); key.defaultValue = .int(0); kind = .stringToInt
        case (.array(let scalar), false): key.type = .scalar(scalar); key.defaultValue = defaultValue(of: scalar); kind = .arrayToScalar
        default: return
        }
        note(kind, "\(name): retyped to \(new.typeName(key.type))")
    }

    /// Half the time, the key accepts the values a narrowing loses (`acceptLostValuesSince` naming release 1.0).
    private mutating func acceptingLoss(_ key: inout KeySpec) -> Bool {
        guard random.chance(0.5) else { return false }
        key.acceptLostValuesSince = "1.0"
        return true
    }

    private mutating func note(_ kind: ChangeKind, _ description: String) {
        kinds.append(kind)
        edits.append(description)
    }

    private mutating func editEnum(_ key: inout KeySpec) {
        guard case .enumeration(let enumName) = key.type, var spec = new.enums[enumName] else { return retype(&key, compatible: random.chance(0.5)) }
        let name = key.identifier
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            spec.raws.append(spec.isInt ? String((Int(spec.raws.last!) ?? 0) + 7) : "extra")
            note(.caseAdded, "\(name): case added")
        case 1:
            let removed = spec.raws.removeLast()
            note(.caseRemoved, "\(name): case \(removed) removed")
        case 2:
            // A raw value changed, and mapped from the old one by a typed migration in place, or not.
            let old = spec.raws[spec.raws.count - 1]
            let renamed = spec.isInt ? String((Int(old) ?? 0) + 100) : old + "ish"
            spec.raws[spec.raws.count - 1] = renamed
            if random.chance(0.6) {
                let oldValue: StoredValue = .string(old)
                let newValue: StoredValue = spec.isInt ? .int(Int(renamed)!) : .string(renamed)
                key.renamedFrom.append(MigrationSpec(name: key.storedName, typed: (spec.isInt ? .int : .string, [(oldValue, newValue)])))
                note(.rawChangedMapped, "\(name): raw value \(old) → \(renamed), mapped")
            } else {
                note(.rawChanged, "\(name): raw value \(old) → \(renamed)")
            }
        default:
            // The raw type changed: String ↔ Int.
            spec.isInt.toggle()
            spec.raws = spec.isInt ? spec.raws.indices.map { String($0 + 1) } : spec.raws.indices.map { "r\($0)" }
            note(.rawTypeChanged, "\(name): raw type changed")
        }
        if key.defaultValue.map({ !spec.rawValues.contains($0) }) == true { key.defaultValue = spec.rawValues[0] }
        new.enums[enumName] = spec
    }

    private mutating func editRecord(_ key: inout KeySpec) {
        guard case .record(let recordName) = key.type, var record = new.records[recordName] else { return editEnum(&key) }
        let name = key.identifier
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            record.fields.append(FieldSpec(name: "f\(record.fields.count + 5)", type: .int, defaultValue: .int(7)))
            note(.fieldWithDefault, "\(name): field with a default added")
        case 1:
            let field = FieldSpec(name: "f\(record.fields.count + 5)", type: .string, defaultValue: nil)
            record.fields.append(field)
            if case .dictionary(var members) = key.defaultValue { members[field.name] = .string("req"); key.defaultValue = .dictionary(members) }
            note(.requiredField, "\(name): required field added")
        case 2:
            guard record.fields.count > 1 else { return editRecord(&key) }
            let removed = record.fields.removeLast()
            if case .dictionary(var members) = key.defaultValue { members[removed.name] = nil; key.defaultValue = .dictionary(members) }
            note(.fieldRemoved, "\(name): field \(removed.name) removed")
        default:
            let index = record.fields.count - 1
            let field = record.fields[index]
            let type: ScalarType = field.type == .string ? .int : .string
            record.fields[index] = FieldSpec(name: field.name, type: type, defaultValue: field.defaultValue == nil ? nil : defaultValue(of: type))
            if case .dictionary(var members) = key.defaultValue, members[field.name] != nil { members[field.name] = defaultValue(of: type); key.defaultValue = .dictionary(members) }
            note(.fieldRetyped, "\(name): field \(field.name) retyped to \(type.rawValue)")
        }
        new.records[recordName] = record
    }
}

/// The changes the evolution test makes, each a row of the table in docs/Schema.md ("What the checker accepts,
/// warns about and refuses"), whose text is the raw value.
enum ChangeKind: String, CaseIterable {
    case newKey = "A new key"
    case intToDouble = "`Int` → `Double`"
    case int16ToInt = "`Int16` → `Int` (a wider integer type)"
    case intToInt16 = "`Int` → `Int16` (a narrower integer type)"
    case intToInt16Accepted = "`Int` → `Int16`, the loss accepted with `acceptLostValuesSince`"
    case intToInt16InRange = "`Int` → `Int16`, the key's range inside `Int16`'s"
    case doubleToInt = "`Double` → `Int`"
    case doubleToIntAccepted = "`Double` → `Int`, the loss accepted with `acceptLostValuesSince`"
    case arrayToSet = "`[T]` → `Set<T>`"
    case setToArray = "`Set<T>` → `[T]`"
    case scalarToString = "`Bool`, `Int` or `Double` → `String`"
    case stringToInt = "`String` → `Int`"
    case scalarToPropertyList = "`Bool` or `String` → `TypedDefaults.DefaultsPropertyList`"
    case propertyListToString = "`TypedDefaults.DefaultsPropertyList` → `String`"
    case propertyListToStringAccepted = "`TypedDefaults.DefaultsPropertyList` → `String`, the loss accepted with `acceptLostValuesSince`"
    case arrayToScalar = "`[T]` → `T`"
    case caseAdded = "An enum case added"
    case caseRemoved = "An enum case removed"
    case rawChanged = "An enum case's raw value changed"
    case rawChangedMapped = "An enum case's raw value changed, the old one mapped by a typed `renamedFrom` of the key's own name"
    case rawTypeChanged = "An enum's raw type changed (`String` ↔ `Int`)"
    case fieldWithDefault = "A record field with a default added"
    case requiredField = "A required record field added"
    case fieldRemoved = "A record field removed"
    case fieldRetyped = "A record field's type changed (`String` ↔ `Int`)"
    case movedSuite = "A key moved to another suite"
    case movedSuiteMigrated = "A key moved to another suite, with `renamedFrom` naming the old suite"
    case renamed = "A key's stored name changed"
    case renamedMigrated = "A key's stored name changed, with `renamedFrom`"
    case renamedTyped = "A key's stored name changed, with a typed `renamedFrom` mapping the values"
    case rangeNarrowed = "A range narrowed"
    case rangeNarrowedAccepted = "A range narrowed, the loss accepted with `acceptLostValuesSince`"
    case rangeWidened = "A range widened"
    case madeOptional = "A key made optional"
    case madeOptionalWithDefault = "A key made optional, keeping its default"
    case madeNonOptional = "An optional key given a default (no longer optional)"
    case retired = "A key removed, its stored name in `retired`"
    case removed = "A key removed, its stored name not in `retired`"
    case reusedName = "A key removed, its stored name used by a new key of another type"
}
