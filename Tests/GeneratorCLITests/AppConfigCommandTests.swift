@testable import typed_defaults_gen
import TestSupport
import Foundation
import Testing

/// `--appconfig FILE --bundle-id ID`: the AppConfig specfile of the schema's managed keys.
@Suite struct AppConfigCommandTests {
    private func parse(_ arguments: [String]) -> Result<GeneratorCommand, GeneratorCommand.UsageError> {
        do {
            return .success(try GeneratorCommand.parse(arguments))
        } catch {
            return .failure(error as! GeneratorCommand.UsageError)
        }
    }

    @Test func parsesTheSpecfileAndItsBundleIdentifier() throws {
        var expected = GeneratorCommand(schemaPath: "s.json", action: .documents)
        expected.appConfig = "AppConfig.xml"
        expected.bundleID = "com.example.app"
        #expect(try parse(["s.json", "--appconfig", "AppConfig.xml", "--bundle-id", "com.example.app"]).get() == expected)
        #expect(parse(["s.json", "--appconfig", "A.xml"]) == .failure(.init(description: "--appconfig needs --bundle-id ID, the app's bundle identifier, which the specfile names")))
        #expect(parse(["s.json", "-o", "K.swift", "--bundle-id", "com.example.app"]) == .failure(.init(description: "--bundle-id is for the AppConfig specfile; add --appconfig FILE.xml or drop it")))
        #expect(parse(["s.json", "--appconfig", "A.xml", "--bundle-id", "my app"]) == .failure(.init(description: "--bundle-id takes the app's bundle identifier, such as com.example.app, not 'my app'")))
        #expect(GeneratorCommand.usage.contains("--appconfig FILE"))
    }

    @Test func writesTheSpecfileAndWarnsOfKeysLeftOutAtTheirLines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typed-defaults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = folder.appendingPathComponent("defaults.json").path
        try Data("{\"keys\": {\n\"server\": {\"type\": \"String\", \"default\": \"a\", \"managed\": true},\n\"blob\": {\"type\": \"Data?\", \"managed\": true}\n}}".utf8)
            .write(to: URL(fileURLWithPath: schema))
        let spec = folder.appendingPathComponent("AppConfig.xml").path
        var command = GeneratorCommand(schemaPath: schema, action: .documents)
        command.appConfig = spec
        command.bundleID = "com.example.app"
        var errors: [String] = []
        #expect(command.run(standardOutput: { _ in }, standardError: { errors.append($0) }) == 0)
        #expect(errors == [#"\#(schema):3:1: warning: the managed key "blob" is left out of the AppConfig specfile: AppConfig has no type for Data; administrators can still set it as Data? under "blob" in a custom configuration"#])
        let text = try String(contentsOfFile: spec, encoding: .utf8)
        #expect(text.contains("<bundleId>com.example.app</bundleId>"))
        #expect(text.contains("<string keyName=\"server\">"))

        try Data(#"{"keys": {"plain": 1}}"#.utf8).write(to: URL(fileURLWithPath: schema))
        errors = []
        #expect(command.run(standardOutput: { _ in }, standardError: { errors.append($0) }) == 1)
        #expect(errors == [#"\#(schema):1:1: error: no managed key to write in the AppConfig specfile; mark the keys an administrator may set with "managed": true"#])
        #expect(try String(contentsOfFile: spec, encoding: .utf8) == text, "the former specfile stays")
    }
}
