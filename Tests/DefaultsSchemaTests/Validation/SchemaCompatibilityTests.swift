import DefaultsSchema
import Foundation
import Testing

/// Every schema this repository has shipped (as a fixture, a golden input or a documentation example, each
/// version in its history), kept byte for byte under `Schemas/Compatibility/`: each must keep generating. A new
/// refusal in the generator, or a new public member of the runtime that the generator starts to reserve, fails
/// here rather than in a user's build. Add a schema when one ships; never edit one.
@Suite struct SchemaCompatibilityTests {
    static let corpus = repositoryRoot.appendingPathComponent("Tests/DefaultsSchemaTests/Schemas/Compatibility")

    static let schemas: [String] = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path))?
        .filter { $0.hasSuffix(".json") }.sorted() ?? []

    @Test func theCorpusIsThere() {
        // Every version of every shipped schema at the time it was gathered, and the names of real apps' keys.
        #expect(Self.schemas.count >= 46)
        #expect(Self.schemas.contains("real-app-key-names.json"))
    }

    @Test(arguments: schemas)
    func aShippedSchemaStillGenerates(file: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.corpus.appendingPathComponent(file)))
        let output = DefaultsKeysGenerator(namespace: "Corpus").generate(schema: bytes, sourceName: file)
        let errors = output.diagnostics.filter { $0.severity == .error }
        #expect(output.source != nil && errors.isEmpty, "\(file): \(errors.map(\.description))")
    }
}
