/// Why a JSON value does not pass a JSON Schema, and where.
struct JSONSchemaError: CustomStringConvertible, Sendable {
    /// What went wrong.
    enum Kind: Sendable {
        /// The value breaks the schema.
        case violation
        /// The validator cannot check what the schema says: a keyword it does not implement, a keyword with a
        /// malformed value, a `$ref` it cannot resolve. Such an error is never dropped, whatever the `not`,
        /// `anyOf`, `oneOf` or `if` around it would make of a failure.
        case unsupported
    }

    let kind: Kind
    /// The JSON pointer of the value that fails in the validated document ("" is the whole document).
    let instancePath: String
    /// The JSON pointer of the keyword that fails in the schema (after following `$ref`s).
    let schemaPath: String
    let message: String

    var description: String {
        "\(instancePath.isEmpty ? "(root)" : instancePath): \(message) [schema: #\(schemaPath)]"
    }
}
