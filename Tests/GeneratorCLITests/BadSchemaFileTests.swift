@testable import typed_defaults_gen
import TestSupport
import Foundation
import Testing

/// The bad schemas under Fixtures/BadSchemas: realistic files with several mistakes each. The CLI's complete
/// error output (`<schema>` standing for the path) is pinned in the `.expected` file beside each one.
@Suite struct BadSchemaFileTests {
    static let folder = repositoryRoot.appendingPathComponent("Fixtures/BadSchemas")
    static let names = ["syntax-trailing-comma", "many-mistakes", "enums", "collisions", "values", "settings-bundle"]

    @Test(arguments: names)
    func printsEveryErrorWithItsLocation(name: String) throws {
        let schema = Self.folder.appendingPathComponent("\(name).json").path
        var errors: [String] = []
        let status = GeneratorCommand(schemaPath: schema, action: .check).run(standardOutput: { _ in }, standardError: { errors.append($0) })
        #expect(status == 1)
        let expected = try String(contentsOf: Self.folder.appendingPathComponent("\(name).expected"), encoding: .utf8)
        #expect(errors.map { $0.replacingOccurrences(of: schema, with: "<schema>") + "\n" }.joined() == expected)
    }

    @Test func everyFileInTheFolderIsCovered() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".json") }
        #expect(Set(files) == Set(Self.names.map { "\($0).json" }))
    }
}
