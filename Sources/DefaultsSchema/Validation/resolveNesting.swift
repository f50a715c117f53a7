import DefaultsFormats

extension SchemaValidator {
    /// Reads `namespaces`: names of empty enums the schema generates to hold nested types (`"Preference"` for
    /// `"Preference.Theme"`); each a type name, declared once, not also an enum or record of the schema.
    func readNamespaces(_ node: JSONNode, typeNames: Set<String>, diagnostics: inout Diagnostics) -> [(name: String, location: SchemaLocation)] {
        guard case .array(let elements) = node.value else {
            diagnostics.error(node.location, Messages.Nesting.namespacesNotArray(node.value.kindDescription))
            return []
        }
        var namespaces: [(name: String, location: SchemaLocation)] = []
        for element in elements {
            guard case .string(let name) = element.value else {
                diagnostics.error(element.location, Messages.Nesting.namespaceNotString(element.value.kindDescription))
                continue
            }
            guard checkTypeName(name, at: element.location, what: "a namespace", example: "Preference", diagnostics: &diagnostics) else { continue }
            if let first = namespaces.first(where: { $0.name == name }) {
                diagnostics.error(element.location, Messages.Nesting.duplicateNamespace(name, first: first.location))
            } else if typeNames.contains(name) {
                diagnostics.error(element.location, Messages.Nesting.namespaceIsType(name))
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
            diagnostics.warning(namespace.location, Messages.Nesting.emptyNamespace(namespace.name))
        }
        return outer
    }
}
