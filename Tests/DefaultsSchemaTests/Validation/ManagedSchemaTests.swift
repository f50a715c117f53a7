import DefaultsSchema
import Foundation
import Testing

/// `"managed": true` on a key: what the generated key says, what goes with it, and what is refused, located.
@Suite struct ManagedSchemaTests {
    /// A managed key in the Settings bundle: still generated (schemas accepted before keep building), with a located
    /// warning, since the Settings app would let people edit a value the app ignores while it is managed.
    @Test func aManagedKeyInTheSettingsBundleIsWarnedOf() throws {
        let output = generate(#"{"settingsBundle": {"groups": [{"keys": ["server", "other"]}]}, "keys": {"server": {"type": "String", "default": "a", "managed": true}, "other": true}}"#)
        #expect(output.source != nil)
        #expect(output.diagnostics.map(\.description) == [
            #"1:42: warning: "server" is managed: while an administrator sets it, the Settings app still lets people edit a value the app ignores; leave it out of "settingsBundle", or show it in the app (whose settings view disables it then)"#,
        ])
    }

    @Test func aManagedKeyIsGeneratedWithTheFlagAndSaysSo() throws {
        let output = generate(#"{"keys": {"server": {"type": "String", "default": "a", "managed": true}, "other": 1, "off": {"type": "Int", "default": 0, "managed": false}}}"#)
        let source = try #require(output.source, "\(output.diagnostics)")
        #expect(output.diagnostics.isEmpty)
        #expect(output.schema?.keys.map(\.managed) == [true, false, false])
        #expect(source.contains(#"static let server = DefaultsKey<String>("server", default: "a", managed: true)"#))
        #expect(source.contains(#"static let off = DefaultsKey<Int>("off", default: 0)"#))
        #expect(source.contains("`isForced(.server)` says when."))
    }

    @Test func managedGoesWithASuiteICloudARangeAndAnyType() throws {
        let output = generate("""
            {
              "keys": {
                "limit": {"type": "Int", "default": 1, "minimum": 0, "maximum": 9, "suite": "group.example.app", "iCloud": true, "managed": true},
                "tags": {"type": "[String]", "default": [], "managed": true}
              }
            }
            """)
        let source = try #require(output.source, "\(output.diagnostics)")
        #expect(source.contains("""
                static let limit = DefaultsKey<Int>(
                    "limit",
                    default: 1,
                    in: 0...9,
                    suite: "group.example.app",
                    iCloud: true,
                    managed: true
                )
            """))
        #expect(source.contains(#"DefaultsKey<[String]>("tags", default: [], managed: true)"#))
    }

    @Test func aManagedFlagThatIsNotABoolIsALocatedError() {
        let output = generate("{\"keys\": {\n  \"server\": {\"type\": \"String\", \"default\": \"a\", \"managed\": \"yes\"}\n}}")
        #expect(output.source == nil)
        #expect(output.diagnostics.map(\.description) == [
            #"2:59: error: "managed" must be true or false, not a string"#,
        ])
    }

    @Test func aManagedKeyStoredAsTheConfigurationItselfIsALocatedError() {
        let output = generate("{\"keys\": {\n  \"configuration\": {\"type\": \"String?\", \"key\": \"com.apple.configuration.managed\", \"managed\": true}\n}}")
        #expect(output.source == nil)
        #expect(output.diagnostics.filter { $0.severity == .error }.map(\.description) == [
            #"2:47: error: "com.apple.configuration.managed" is where MDM stores the managed configuration, not a key of it; store the managed key under its own name with "key""#,
        ])
    }

    @Test func managedIsAKnownKeyField() {
        #expect(SchemaValidator.keyFields.contains("managed"))
    }

    /// The reference schema of managed keys, compiled and run by GeneratedReferenceTests.
    @Test func managedSchemaMatchesTheCompiledReference() throws {
        let schema = try Data(contentsOf: repositoryRoot.appendingPathComponent("Tests/DefaultsSchemaTests/Schemas/managed.json"))
        let output = DefaultsKeysGenerator(namespace: "Managed").generate(schema: Array(schema), sourceName: "managed.json")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let source = try #require(output.source)
        #expect(source.contains("managed(.mgServerURL) {"))
        #expect(!source.contains("managed(.mgNickname)"))
        try expectSnapshot(source, matches: "Tests/GeneratedReferenceTests/Reference/ManagedDefaultsKeys.swift")
    }
}
