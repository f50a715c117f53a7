extension SchemaValidator {
    /// Resolves the fields of every record type: types first (so that defaults can name any record), then
    /// reference cycles, then defaults. Returns the declarations that resolved without error.
    func resolveRecords(_ raw: [RawRecord], declared: (String) -> SchemaType?, enums: [String: EnumDeclaration],
                        diagnostics: inout Diagnostics) -> [RecordDeclaration] {
        var shapes: [String: [(identifier: String, type: SchemaType)]] = [:]
        var resolvedTypes: [String: [SchemaType?]] = [:]
        for record in raw {
            let types = record.fields.map { resolveType($0, declared: declared, diagnostics: &diagnostics) }
            resolvedTypes[record.name] = types
            shapes[record.name] = zip(record.fields, types).compactMap { field, type in type.map { (field.identifier, $0) } }
        }
        let cyclic = reportCycles(raw, shapes: shapes, diagnostics: &diagnostics)
        let checker = DefaultChecker(enums: enums, records: shapes)
        var declarations: [RecordDeclaration] = []
        for record in raw where !cyclic.contains(record.name) {
            var fields: [FieldDeclaration] = []
            var valid = true
            for (field, type) in zip(record.fields, resolvedTypes[record.name] ?? []) {
                guard let type else { valid = false; continue }
                guard let value = fieldDefault(field, type: type, recordName: record.name, checker: checker, diagnostics: &diagnostics) else {
                    valid = false
                    continue
                }
                fields.append(FieldDeclaration(identifier: field.identifier, type: type, defaultValue: value, description: field.description))
            }
            if valid { declarations.append(RecordDeclaration(name: record.name, description: record.description, fields: fields)) }
        }
        return declarations
    }

    private func fieldDefault(_ field: RawKey, type: SchemaType, recordName: String, checker: DefaultChecker,
                              diagnostics: inout Diagnostics) -> DefaultValue? {
        guard let node = field.defaultNode else {
            if type.isOptional { return .null }
            if case .record(let name) = type { return .record(name, []) }
            diagnostics.error(field.typeLocation, "field \"\(field.identifier)\" of \"\(recordName)\" has no default; add \"default\" (or make the type optional: \"\(type)?\"), so that a stored value without the field still reads")
            return nil
        }
        if case .null = node.value {
            if type.isOptional { return .null }
            diagnostics.error(node.location, "null is not a value of \(type); make the type optional (\"\(type)?\") or give a default")
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
                            let through = (path + [next]).joined(separator: " → ")
                            diagnostics.error(record.location, "the type \"\(record.name)\" contains itself (\(through)); a stored value would never end. Break the cycle")
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
