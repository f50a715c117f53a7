extension SchemaValidator {
    /// Reads `namespaces`: names of empty enums the schema generates to hold nested types (`"Preference"` for
    /// `"Preference.Theme"`); each a type name, declared once, not also an enum or record of the schema.
    func readNamespaces(_ node: JSONNode, typeNames: Set<String>, diagnostics: inout Diagnostics) -> [(name: String, location: SchemaLocation)] {
        guard case .array(let elements) = node.value else {
            diagnostics.error(node.location, "\"namespaces\" must be an array of type names, such as [\"Preference\"], not \(node.value.kindDescription)")
            return []
        }
        var namespaces: [(name: String, location: SchemaLocation)] = []
        for element in elements {
            guard case .string(let name) = element.value else {
                diagnostics.error(element.location, "each entry of \"namespaces\" must be a type name, not \(element.value.kindDescription)")
                continue
            }
            guard checkTypeName(name, at: element.location, what: "a namespace", example: "Preference", diagnostics: &diagnostics) else { continue }
            if let first = namespaces.first(where: { $0.name == name }) {
                diagnostics.error(element.location, "the namespace \"\(name)\" is already declared (at \(first.location)); remove the repetition")
            } else if typeNames.contains(name) {
                diagnostics.error(element.location, "\"\(name)\" is both a namespace and a type declared by the schema; remove it from \"namespaces\": types can be nested in the type itself")
            } else {
                namespaces.append((name, element.location))
            }
        }
        return namespaces
    }

    /// The outer names of nested types that neither `namespaces` nor the schema's own types declare: types the
    /// module must have, each with where the schema first nests a type in it. Warns of a namespace that holds
    /// nothing, and checks that a dotted namespace's own outer name is declared somewhere too.
    func outerTypesOfTheModule(nested types: [(name: String, location: SchemaLocation)],
                               namespaces: [(name: String, location: SchemaLocation)], typeNames: Set<String>,
                               diagnostics: inout Diagnostics) -> [String: SchemaLocation] {
        let declared = typeNames.union(namespaces.map(\.name))
        var outer: [String: SchemaLocation] = [:]
        var used = Set<String>()
        for (name, location) in types + namespaces {
            guard let enclosing = NestedTypeName(name).outer else { continue }
            used.insert(enclosing)
            if !declared.contains(enclosing), outer[enclosing] == nil { outer[enclosing] = location }
        }
        for namespace in namespaces where !used.contains(namespace.name) {
            diagnostics.warning(namespace.location, "the namespace \"\(namespace.name)\" holds no type; nest one in it (\"type\": \"\(namespace.name).Name\") or remove it")
        }
        return outer
    }
}
