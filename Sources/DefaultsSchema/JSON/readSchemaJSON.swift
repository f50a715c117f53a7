import DefaultsFormats

extension JSONReader {
    /// What the schema's messages say a schema file is.
    static let schemaDocument = JSONDocumentKind(
        name: "a schema", expectedRoot: "a schema is a JSON object such as {\"keys\": {}}",
        commentHint: "; put the text in a \"description\" instead")

    /// Reads a schema's `bytes`: the root value, or `nil` after a syntax error; all problems go to `diagnostics`.
    static func read(_ bytes: [UInt8], diagnostics: inout Diagnostics) -> JSONNode? {
        let (root, problems) = read(bytes, as: schemaDocument)
        for problem in problems { diagnostics.error(problem.location, problem.message) }
        return root
    }
}
