extension Messages {
    /// The record types of `types` and their fields.
    enum Records {
        static func typesNotObject(_ kind: String) -> String { "\"types\" must be an object of record types, such as {\"WindowFrame\": {\"fields\": {…}}}, not \(kind)" }

        static func typeNotObject(_ name: String, kind: String) -> String { "the type \"\(name)\" must be an object with \"fields\", not \(kind)" }

        /// When a record type has no `fields`, or they are not an object, or it is empty.
        static func typeWithoutFields(_ name: String) -> String { "the type \"\(name)\" needs \"fields\": an object with at least one field, such as {\"width\": {\"type\": \"Double\", \"default\": 800}}" }

        static func unusableFieldName(_ name: String) -> String { "\"\(name)\" cannot name a field; use a Swift identifier (letters, digits and '_', not first a digit)" }

        static func objcNotBool(_ kind: String) -> String { "\"objc\" must be true or false, not \(kind)" }

        static func fieldWithoutType(_ name: String, record: String) -> String { "field \"\(name)\" of \"\(record)\" has no \"type\"; add one, such as \"type\": \"Double\"" }

        /// When a field's type names a colour, which exists only on Apple platforms.
        static func colorField(_ type: SchemaType) -> String { "a record field cannot be \(type), which exists only on Apple platforms; make it a key of its own, or store the colour's hex string (\"String\")" }

        /// When a field of a type that is not optional has the default `null`.
        static func nullDefault(_ type: SchemaType) -> String { "null is not a value of \(type); make the type optional (\"\(type)?\") or leave out \"default\" to make the field required" }

        /// When a record type contains itself along `path` (its name first and last).
        static func containsItself(_ name: String, path: [String]) -> String { "the type \"\(name)\" contains itself (\(path.joined(separator: " → "))); a stored value would never end. Break the cycle" }
    }
}
