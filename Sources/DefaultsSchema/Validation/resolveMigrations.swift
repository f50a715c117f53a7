import DefaultsFormats

extension SchemaValidator {
    /// The scalar types a value is stored as: what a typed migration may name as the old type, and a `rawType`.
    static let storedScalarTypes: Set<BuiltinType> = [
        .bool, .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64, .double, .float, .string,
    ]

    /// Resolves `renamedFrom` against the key's type: old types are scalars, old values parse as the old type, new
    /// values are values of the key's type; an in-place entry (the key's own name) needs an old type stored unlike
    /// the new one. `nil` after reporting errors.
    func resolveMigrations(_ raw: RawKey, type: SchemaType, rawRepresentable: RawRepresentableType? = nil, checker: DefaultChecker,
                           diagnostics: inout Diagnostics) -> [MigrationDeclaration]? {
        var migrations: [MigrationDeclaration] = []
        var valid = true
        for entry in raw.formerNames {
            var migration = MigrationDeclaration(name: entry.name, suite: entry.suite, location: entry.location)
            migration.keepsFormer = entry.keepFormer != nil
            migration.retries = entry.retry != nil
            if let keep = entry.keepFormer, entry.name == raw.storedName, entry.suite == .sameAsKey {
                diagnostics.error(keep, Messages.Migrations.keepFormerInPlace(name: entry.name))
                valid = false
                continue
            }
            if let convert = entry.swiftConvert {
                // The app's function decides what the old object means: any old type, in place too.
                migration.swiftConvert = convert.expression
                migrations.append(migration)
                continue
            }
            if let (text, location) = entry.typeText {
                guard let builtin = BuiltinType(rawValue: text), Self.storedScalarTypes.contains(builtin) else {
                    diagnostics.error(location, Messages.Migrations.oldTypeNotStoredScalar(text))
                    valid = false
                    continue
                }
                migration.type = .builtin(builtin)
                if let node = entry.values, let values = readMigrationValues(node, old: builtin, new: type, rawRepresentable: rawRepresentable,
                                                                              checker: checker, diagnostics: &diagnostics) {
                    migration.values = values
                } else if entry.values != nil {
                    valid = false
                    continue
                }
            }
            let inPlace = entry.name == raw.storedName && entry.suite == .sameAsKey
            if inPlace {
                guard let old = migration.type else {
                    diagnostics.error(entry.location, Messages.Migrations.inPlaceWithoutType(name: entry.name))
                    valid = false
                    continue
                }
                // In place, only a stored value that does not read as the new type is migrated: an old value that
                // does read (or, without "values", an old type stored alike) could not be told from a new one.
                let (oldKind, newKind) = (StoredKind(old), StoredKind(type, isIntEnum: { checker.enums[$0]?.isIntBacked == true }))
                // A property-list value of any shape reads whatever is stored: nothing old can be told from it.
                let alike = oldKind == newKind || oldKind == .any || newKind == .any
                let ambiguous = migration.values.first { readsAsNewValue($0.old, of: type, enums: checker.enums) }
                if (alike && migration.values.isEmpty) || ambiguous != nil {
                    diagnostics.error(entry.location, Messages.Migrations.inPlaceIndistinguishable(
                        name: entry.name, ambiguousValue: ambiguous.map { SwiftRenderer.oldValueText($0.old) },
                        oldType: old, newType: type))
                    valid = false
                    continue
                }
            }
            migrations.append(migration)
        }
        return valid ? migrations : nil
    }

    /// Reads `values`: an object whose member names are old values (as text) and whose values are new values.
    /// For a `rawType` key, new values are written as its raw values, as its default is.
    private func readMigrationValues(_ node: JSONNode, old: BuiltinType, new: SchemaType, rawRepresentable: RawRepresentableType?,
                                     checker: DefaultChecker, diagnostics: inout Diagnostics) -> [(old: DefaultValue, new: DefaultValue)]? {
        guard case .object(let members) = node.value, !members.isEmpty else {
            diagnostics.error(node.location, Messages.Migrations.valuesNotObject())
            return nil
        }
        var values: [(old: DefaultValue, new: DefaultValue)] = []
        var valid = true
        for member in members {
            guard let oldValue = Self.parseOldValue(member.name, as: old) else {
                diagnostics.error(member.nameLocation, Messages.Migrations.notOldValue(
                    member.name, oldType: old.rawValue))
                valid = false
                continue
            }
            if case .null = member.node.value, new.isOptional {
                values.append((oldValue, .null))
            } else if let rawRepresentable {
                guard let raw = checker.check(member.node, as: .builtin(rawRepresentable.rawType), diagnostics: &diagnostics) else {
                    valid = false
                    continue
                }
                values.append((oldValue, .rawRepresentable(rawRepresentable.typeName, raw)))
            } else if let newValue = checker.check(member.node, as: new.unwrappingOptional, diagnostics: &diagnostics) {
                values.append((oldValue, newValue))
            } else {
                valid = false
            }
        }
        return valid ? values : nil
    }

    /// Whether an old scalar value would already read as a value of the new type.
    private func readsAsNewValue(_ value: DefaultValue, of type: SchemaType, enums: [String: EnumDeclaration]) -> Bool {
        switch (value, type.unwrappingOptional) {
        case (.string(let raw), .enumeration(let name)): return enums[name].map { !$0.isIntBacked && $0.cases.contains { $0.rawValue == raw } } ?? false
        case (.integer(let raw), .enumeration(let name)): return enums[name].map { $0.isIntBacked && $0.cases.contains { $0.rawValue == raw } } ?? false
        case (_, let new) where StoredKind(new) == .any: return true
        case (.string, let new): return StoredKind(new) == .string
        case (.bool, let new), (.integer, let new), (.double, let new), (.float, let new): return StoredKind(new) == .number
        default: return false
        }
    }

    /// An old value written as a member name: `"true"`, `"-2"`, `"0.5"`, or any text for a String.
    static func parseOldValue(_ text: String, as type: BuiltinType) -> DefaultValue? {
        switch type {
        case .bool: return text == "true" ? .bool(true) : text == "false" ? .bool(false) : nil
        case .string: return .string(text)
        case .double: return Double(text).flatMap { $0.isFinite ? .double($0) : nil }
        case .float: return Float(text).flatMap { $0.isFinite ? .float($0) : nil }
        default:
            guard let bounds = type.integerBounds, isIntegerText(text) else { return nil }
            if text.hasPrefix("-") { return Int64(text).flatMap { $0 >= bounds.min ? .integer(String($0)) : nil } }
            return UInt64(text).flatMap { $0 <= bounds.max ? .integer(String($0)) : nil }
        }
    }
}

extension SchemaType {
    /// The type without its top-level `?`.
    var unwrappingOptional: SchemaType {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }
}
