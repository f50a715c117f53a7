extension SwiftRenderer {
    /// Renders a record type: a struct with a memberwise initializer that defaults every field that has a default,
    /// stored as a property-list dictionary, and read field by field so that a stored value of an older or newer
    /// shape keeps every field it can. A stored value without a required field does not read (the key's default
    /// applies).
    func renderRecord(_ record: RecordDeclaration, access: String, into writer: inout CodeWriter) {
        if let description = record.description {
            writer.docComment(description)
            writer.line("///")
        }
        writer.docComment("Declared in \"types\" of \(sourceName); stored as a dictionary of its fields.")
        writer.block("nonisolated \(access)struct \(NestedTypeName(record.name).inner): Codable, Hashable, Sendable, DefaultsSerializable") { body in
            for field in record.fields {
                if let description = field.description { body.docComment(description) }
                body.line("\(access)var \(SwiftNames.escapedIdentifier(field.identifier)): \(field.type.code)")
            }
            body.line()
            body.docComment(record.requiredFields.isEmpty
                ? "A value with every field given or left at its default."
                : "A value with the required fields given, and every other given or left at its default.")
            let parameters = record.fields.map { field in
                "\(SwiftNames.escapedIdentifier(field.identifier)): \(field.type.code)" + (field.defaultValue.map { " = \(literal($0))" } ?? "")
            }
            body.block("\(access)init(", closer: ") {") { list in
                for (index, parameter) in parameters.enumerated() {
                    list.line(parameter + (index == parameters.count - 1 ? "" : ","))
                }
            }
            body.indented { initializer in
                for field in record.fields {
                    let name = SwiftNames.escapedIdentifier(field.identifier)
                    initializer.line("self.\(name) = \(name)")
                }
            }
            body.line("}")
            body.line()
            body.docComment("""
                Reads each field on its own: a field that is missing or stored with another type takes its default, \
                and every other field keeps its stored value, so adding, removing or retyping a field loses no data.
                """ + (record.requiredFields.isEmpty ? "" : " A value without a required field does not read."))
            body.block("\(access)init(from decoder: any Decoder) throws") { initializer in
                initializer.line("let container = try decoder.container(keyedBy: CodingKeys.self)")
                for field in record.fields {
                    let name = SwiftNames.escapedIdentifier(field.identifier)
                    guard let defaultValue = field.defaultValue else {
                        initializer.line("self.\(name) = try container.decode(\(field.type.code).self, forKey: .\(name))")
                        continue
                    }
                    let wrapped: SchemaType
                    if case .optional(let inner) = field.type { wrapped = inner } else { wrapped = field.type }
                    initializer.line("self.\(name) = (try? container.decodeIfPresent(\(wrapped.code).self, forKey: .\(name))) ?? \(literal(defaultValue))")
                }
            }
        }
    }
}
