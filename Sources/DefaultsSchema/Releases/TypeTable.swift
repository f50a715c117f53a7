/// The enums and records one side of a comparison declares: a release's recorded types, or the current schema's.
struct TypeTable {
    var enums: [String: (isIntBacked: Bool, rawValues: [String])] = [:]
    var records: [String: [(name: String, type: SchemaType, isRequired: Bool)]] = [:]

    init(schema: Schema) {
        for declaration in schema.enums { enums[declaration.name] = (declaration.isIntBacked, declaration.cases.map(\.rawValue)) }
        for record in schema.records { records[record.name] = record.fields.map { ($0.identifier, $0.type, $0.defaultValue == nil) } }
        recordNames = Set(records.keys)
    }

    /// Field types that do not parse are left out.
    init(release: Release) {
        for (name, type) in release.types {
            if case .enumeration(let isInt, let raws) = type { enums[name] = (isInt, raws) }
        }
        recordNames = Set(release.types.compactMap { name, type in
            if case .record = type { return name }
            return nil
        })
        for (name, type) in release.types {
            guard case .record(let fields) = type else { continue }
            records[name] = fields.compactMap { field in parse(field.type).map { (field.name, $0, field.isRequired) } }
        }
    }

    func parse(_ text: String) -> SchemaType? {
        let known = Set(enums.keys)
        if case .success(let type) = TypeNameParser.parse(text, declared: { name in
            known.contains(name) ? .enumeration(name) : nil
        }) {
            return resolvingRecords(type)
        }
        return nil
    }

    /// Marks record names (which the parser saw as the user's own types) as records.
    private func resolvingRecords(_ type: SchemaType) -> SchemaType {
        switch type {
        case .custom(let name) where recordNames.contains(name): return .record(name)
        // A colour type recorded by name (`CGColor`): Apple's, since no record type of the release takes the name.
        case .custom(let name) where BuiltinType.color(named: name) != nil: return type.resolvingColorNames(isDeclared: { _ in false })
        case .optional(let inner): return .optional(resolvingRecords(inner))
        case .array(let inner): return .array(resolvingRecords(inner))
        case .set(let inner): return .set(resolvingRecords(inner))
        case .dictionary(let inner): return .dictionary(resolvingRecords(inner))
        default: return type
        }
    }

    /// The record names, known before their fields are parsed (a record may hold another).
    var recordNames: Set<String> = []
}
