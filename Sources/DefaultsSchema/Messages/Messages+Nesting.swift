import DefaultsFormats

extension Messages {
    /// Nested types and the `namespaces` that hold them.
    enum Nesting {
        static func namespacesNotArray(_ kind: String) -> String { "\"namespaces\" must be an array of type names, such as [\"Preference\"], not \(kind)" }

        static func namespaceNotString(_ kind: String) -> String { "each entry of \"namespaces\" must be a type name, not \(kind)" }

        static func duplicateNamespace(_ name: String, first: SchemaLocation) -> String { "the namespace \"\(name)\" is already declared (at \(first)); remove the repetition" }

        /// When a namespace has the name of an enum or record type of the schema.
        static func namespaceIsType(_ name: String) -> String { "\"\(name)\" is both a namespace and a type declared by the schema; remove it from \"namespaces\": types can be nested in the type itself" }

        static func emptyNamespace(_ name: String) -> String { "the namespace \"\(name)\" holds no type; nest one in it (\"type\": \"\(name).Name\") or remove it" }
    }
}
