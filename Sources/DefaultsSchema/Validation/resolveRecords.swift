extension SchemaValidator {
    /// Resolves the fields of every record type: types first (so that defaults can name any record), then
    /// reference cycles, then defaults. Returns the declarations that resolved without error.
    func resolveRecords(_ raw: [RawRecord], declared: (String) -> SchemaType?, enums: [String: EnumDeclaration],
                        diagnostics: inout Diagnostics) -> [RecordDeclaration] {
        var shapes: [String: [(identifier: String, type: SchemaType)]] = [:]
        var resolvedTypes: [String: [SchemaType?]] = [:]
        for record in raw {
            let types = record.fields.map { field -> SchemaType? in
                let type = resolveType(field, declared: declared, diagnostics: &diagnostics)
                // A record type is declared on every platform; a colour type exists only on Apple's.
                if let type, type.namesColor {
                    diagnostics.error(field.typeLocation, Messages.Records.colorField(type))
                    return nil
                }
                return type
            }
            resolvedTypes[record.name] = types
            shapes[record.name] = zip(record.fields, types).compactMap { field, type in type.map { (field.identifier, $0) } }
        }
        let cyclic = reportCycles(raw, shapes: shapes, diagnostics: &diagnostics)
        let required = requiredFields(raw.filter { !cyclic.contains($0.name) }, shapes: shapes)
        let checker = DefaultChecker(enums: enums, records: shapes.mapValues { fields in
            fields.map { RecordField(identifier: $0.identifier, type: $0.type, isRequired: false) }
        }.merging(required) { _, withRequired in withRequired })
        var declarations: [RecordDeclaration] = []
        for record in raw where !cyclic.contains(record.name) {
            var fields: [FieldDeclaration] = []
            var valid = true
            for (field, type) in zip(record.fields, resolvedTypes[record.name] ?? []) {
                guard let type else { valid = false; continue }
                let isRequired = required[record.name]?.first { $0.identifier == field.identifier }?.isRequired ?? false
                var value: DefaultValue?
                if !isRequired {
                    guard let checked = fieldDefault(field, type: type, checker: checker, diagnostics: &diagnostics) else {
                        valid = false
                        continue
                    }
                    value = checked
                }
                fields.append(FieldDeclaration(identifier: field.identifier, type: type, defaultValue: value, description: field.description))
            }
            if valid { declarations.append(RecordDeclaration(name: record.name, description: record.description, fields: fields)) }
        }
        return declarations
    }

    /// Which fields every value must give: a field is required when it has no default, is not optional, and is
    /// not of a record type whose own fields all have defaults. Records in a cycle are left out (reported).
    private func requiredFields(_ raw: [RawRecord], shapes: [String: [(identifier: String, type: SchemaType)]]) -> [String: [RecordField]] {
        let byName = Dictionary(raw.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var memo: [String: [RecordField]] = [:]
        func fields(of name: String) -> [RecordField] {
            if let known = memo[name] { return known }
            guard let record = byName[name] else { return [] }
            let types = Dictionary((shapes[name] ?? []).map { ($0.identifier, $0.type) }, uniquingKeysWith: { first, _ in first })
            let result = record.fields.compactMap { field -> RecordField? in
                guard let type = types[field.identifier] else { return nil }
                var isRequired = field.defaultNode == nil && !type.isOptional
                if isRequired, case .record(let inner) = type, byName[inner] != nil {
                    isRequired = fields(of: inner).contains(where: \.isRequired)
                }
                return RecordField(identifier: field.identifier, type: type, isRequired: isRequired)
            }
            memo[name] = result
            return result
        }
        for record in raw { _ = fields(of: record.name) }
        return memo
    }

    private func fieldDefault(_ field: RawKey, type: SchemaType, checker: DefaultChecker, diagnostics: inout Diagnostics) -> DefaultValue? {
        guard let node = field.defaultNode else {
            if type.isOptional { return .null }
            return .record(type.description, [])  // a record type whose fields all have defaults
        }
        if case .null = node.value {
            if type.isOptional { return .null }
            diagnostics.error(node.location, Messages.Records.nullDefault(type))
            return nil
        }
        return checker.check(node, as: type, diagnostics: &diagnostics)
    }

    /// Reports record types that contain themselves, directly or through others; returns their names.
    private func reportCycles(_ raw: [RawRecord], shapes: [String: [(identifier: String, type: SchemaType)]],
                              diagnostics: inout Diagnostics) -> Set<String> {
        var cyclic = Set<String>()
        for record in raw {
            // Depth-first from this record; a path back to it is a cycle.
            var stack: [(name: String, path: [String])] = [(record.name, [record.name])]
            var visited = Set<String>()
            search: while let (name, path) = stack.popLast() {
                for (_, type) in shapes[name] ?? [] {
                    for next in type.customNames where shapes[next] != nil {
                        if next == record.name {
                            diagnostics.error(record.location,
                                              Messages.Records.containsItself(record.name, path: path + [next]))
                            cyclic.insert(record.name)
                            break search
                        }
                        if visited.insert(next).inserted { stack.append((next, path + [next])) }
                    }
                }
            }
        }
        return cyclic
    }
}
