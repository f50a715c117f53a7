import DefaultsSchema
import Foundation
import Testing

/// Every complete schema shown in the documentation (a ```json block with "keys" at its top level) validates.
@Suite struct DocumentationExamplesTests {
    static let documents = ["README.md", "docs/Schema.md", "docs/Migrating.md", "docs/Guide.md", "docs/ICloudSync.md", "docs/Xcode.md"]

    @Test(arguments: documents)
    func schemaExamplesValidate(document: String) throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(document), encoding: .utf8)
        // Blocks inside list items are indented: the indentation is not part of the JSON.
        let blocks = text.components(separatedBy: "```json\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let schemas = blocks.filter { $0.hasPrefix("{") && $0.contains("\"keys\"") }
        #expect(!schemas.isEmpty, "no schema example in \(document)")
        for schema in schemas {
            let output = DefaultsKeysGenerator(namespace: "Example").generate(schema: Array(schema.utf8), sourceName: document)
            #expect(output.source != nil, "\(document): \(output.diagnostics.map(\.description))\n\(schema)")
        }
    }
}
