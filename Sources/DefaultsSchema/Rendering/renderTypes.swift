extension SwiftRenderer {
    /// Renders the schema's namespaces, enums and records: top-level ones as they are, nested ones
    /// (`Preference.Theme`) inside an extension of their outer type, grouped by outer type in schema order.
    func renderTypes(of schema: Schema, access: String, into writer: inout CodeWriter) {
        var groups: [(outer: String?, render: [(inout CodeWriter) -> Void])] = []
        func add(_ name: String, _ render: @escaping (inout CodeWriter) -> Void) {
            let outer = NestedTypeName(name).outer
            if let index = groups.firstIndex(where: { $0.outer == outer }) {
                groups[index].render.append(render)
            } else {
                groups.append((outer, [render]))
            }
        }
        for namespace in schema.namespaces {
            add(namespace) { writer in
                writer.docComment("Declared by \"namespaces\" in \(sourceName): holds the schema's types nested in it.")
                writer.line("nonisolated \(access)enum \(NestedTypeName(namespace).inner) {}")
            }
        }
        for declaration in schema.enums {
            add(declaration.name) { writer in renderEnum(declaration, access: access, into: &writer) }
        }
        for record in schema.records {
            add(record.name) { writer in renderRecord(record, access: access, into: &writer) }
        }
        for group in groups {
            guard let outer = group.outer else {
                for render in group.render {
                    writer.line()
                    render(&writer)
                }
                continue
            }
            writer.line()
            if let location = schema.moduleOuterTypes[outer] {
                writer.line("// \(outer) is a type of this module, not of \(sourceName): the types below are nested in it.")
                // A wrong outer name is then reported by the compiler at the schema line that nests a type in it.
                writer.sourceLocation(of: location, in: sourcePath) { $0.line("nonisolated extension \(outer) {") }
            } else {
                writer.line("nonisolated extension \(outer) {")
            }
            writer.indented { body in
                for (index, render) in group.render.enumerated() {
                    if index > 0 { body.line() }
                    render(&body)
                }
            }
            writer.line("}")
        }
    }
}
