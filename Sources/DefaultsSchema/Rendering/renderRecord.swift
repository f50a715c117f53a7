extension SwiftRenderer {
    /// Renders a record type: a struct with a memberwise initializer that defaults every field, stored as a
    /// property-list dictionary, and read field by field so that a stored value of an older or newer shape
    /// keeps every field it can.
    func renderRecord(_ record: RecordDeclaration, access: String, into writer: inout CodeWriter) {
        if let description = record.description {
            writer.docComment(description)
            writer.line("///")
        }
        writer.docComment("Declared in \"types\" of \(sourceName); stored as a dictionary of its fields.")
        writer.block("nonisolated \(access)struct \(record.name): Codable, Hashable, Sendable, DefaultsSerializable") { body in
            for field in record.fields {
                if let description = field.description { body.docComment(description) }
                body.line("\(access)var \(SwiftNames.escapedIdentifier(field.identifier)): \(field.type)")
            }
            body.line()
            body.docComment("A value with every field given or left at its default.")
            let parameters = record.fields.map { "\(SwiftNames.escapedIdentifier($0.identifier)): \($0.type) = \(literal($0.defaultValue))" }
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
                """)
            body.block("\(access)init(from decoder: any Decoder) throws") { initializer in
                initializer.line("let container = try decoder.container(keyedBy: CodingKeys.self)")
                for field in record.fields {
                    let name = SwiftNames.escapedIdentifier(field.identifier)
                    let wrapped: SchemaType
                    if case .optional(let inner) = field.type { wrapped = inner } else { wrapped = field.type }
                    initializer.line("self.\(name) = (try? container.decodeIfPresent(\(wrapped).self, forKey: .\(name))) ?? \(literal(field.defaultValue))")
                }
            }
        }
    }
}
