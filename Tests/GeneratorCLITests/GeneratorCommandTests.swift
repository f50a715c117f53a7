@testable import typed_defaults_gen
import TestSupport
import Foundation
import Testing

private func parse(_ arguments: [String]) -> Result<GeneratorCommand, GeneratorCommand.UsageError> {
    do {
        return .success(try GeneratorCommand.parse(arguments))
    } catch {
        // Nothing but a usage error can come out: anything else fails the cast, and the test.
        return .failure(error as! GeneratorCommand.UsageError)
    }
}

/// A temporary folder for one test, removed afterwards.
private final class TemporaryFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("typed-defaults-\(UUID().uuidString)/App")
    init() { try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    func write(_ text: String, to name: String) -> String {
        let path = url.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }
}

private func run(_ command: GeneratorCommand) -> (status: Int32, output: [String], errors: [String]) {
    var output: [String] = [], errors: [String] = []
    let status = command.run(standardOutput: { output.append($0) }, standardError: { errors.append($0) })
    return (status, output, errors)
}

@Suite struct GeneratorCommandTests {
    /// Each option is declared once (`CommandOption.all`): every spelling parses as that option, the usage lists
    /// it with its value, and an unknown option is compared with the long names there.
    @Test func everyOptionIsDeclaredOnceAndReadByParsingAndUsage() {
        #expect(Set(CommandOption.all.map(\.name)).count == CommandOption.Name.allCases.count, "one entry per option")
        for option in CommandOption.all {
            let label = option.spellings.joined(separator: ", ") + (option.value.map { " " + $0 } ?? "")
            #expect(GeneratorCommand.usage.contains("\n  " + label), "\(label) in the usage")
            for spelling in option.spellings {
                #expect(CommandOption.named(spelling)?.name == option.name)
                if option.value != nil {
                    #expect(parse(["s.json", spelling]) == .failure(.init(description: "\(spelling) needs a value")))
                }
            }
        }
        #expect(parse(["s.json", "--refrence", "R.md"]) == .failure(.init(description: "unknown option '--refrence'; did you mean '--reference'?")))
        #expect(CommandOption.longNames.count == 12)
    }

    @Test func parsesTheDocumentedForms() throws {
        #expect(try parse(["s.json", "--output", "o.swift"]).get() == GeneratorCommand(schemaPath: "s.json", action: .generate(output: "o.swift")))
        #expect(try parse(["-o", "o.swift", "s.json", "--access", "public", "--namespace", "N"]).get()
            == GeneratorCommand(schemaPath: "s.json", action: .generate(output: "o.swift"), access: .public, namespace: "N"))
        #expect(try parse(["s.json", "--check"]).get().action == .check)
        #expect(try parse(["--help"]).get().action == .help)
        #expect(try parse(["x", "--version"]).get().action == .version)
        #expect(try parse(["s.json", "--settings-bundle", "Settings.bundle", "--reference", "S.md"]).get()
            == GeneratorCommand(schemaPath: "s.json", action: .documents, settingsBundle: "Settings.bundle", reference: "S.md"))
        #expect(try parse(["s.json", "-o", "K.swift", "--reference", "S.md"]).get()
            == GeneratorCommand(schemaPath: "s.json", action: .generate(output: "K.swift"), reference: "S.md"))
        #expect(try parse(["s.json", "-o", "K.swift", "--resource-bundle", "Kit_Settings"]).get()
            == GeneratorCommand(schemaPath: "s.json", action: .generate(output: "K.swift"), stringsBundle: .packageResources(bundleName: "Kit_Settings")))
    }

    /// Titles are translated through the module's own bundle, or through `Bundle.module` when asked (a package
    /// target with resources: the plugins ask).
    @Test func theStringsBundleIsTheModulesOwnUnlessAsked() throws {
        let folder = TemporaryFolder()
        let schema = folder.write(#"{"keys": {"count": {"type": "Int", "default": 0, "description": "Runs."}, "plain": 1}}"#, to: "defaults.json")
        let output = folder.url.appendingPathComponent("Keys.swift").path
        #expect(run(GeneratorCommand(schemaPath: schema, action: .generate(output: output))).status == 0)
        let own = try String(contentsOfFile: output, encoding: .utf8)
        #expect(own.contains("fileprivate static let stringsBundle = Foundation.Bundle(for: BundleToken.self)"))
        #expect(own.contains("label: DefaultsKeyLabel(\"Count\", help: \"Runs.\", bundle: DefaultsKeys.App.stringsBundle)"))
        #expect(run(GeneratorCommand(schemaPath: schema, action: .generate(output: output), stringsBundle: .packageResources(bundleName: "Kit_Settings"))).status == 0)
        let module = try String(contentsOfFile: output, encoding: .utf8)
        #expect(module.contains("Bundle(url: place.appendingPathComponent(\"Kit_Settings\" + suffix))"))
        #expect(!module.contains("= Bundle.module"), "never SwiftPM's accessor: main-actor isolated under Swift 6.2's default isolation")
        // A key the runtime would title the same has a label only where the main bundle is not the module's.
        #expect(own.contains("static let plain = DefaultsKey<Int>(\"plain\", default: 1)\n"))
        #expect(module.contains("label: DefaultsKeyLabel(\"Plain\", bundle: DefaultsKeys.App.stringsBundle)"))
    }

    @Test(arguments: [
        (["s.json"], "missing --output FILE (or --check to validate only)"),
        ([], "missing the SCHEMA argument"),
        (["s.json", "--output"], "--output needs a value"),
        (["s.json", "-o", "x", "--acess", "public"], "unknown option '--acess'; did you mean '--access'?"),
        (["s.json", "-o", "x", "--access", "open"], "--access must be internal, public or package, not 'open'"),
        (["a.json", "b.json", "-o", "x"], "unexpected argument 'b.json'; give one schema"),
        (["s.json", "--check", "-o", "x"], "--check writes nothing; drop --output or --check"),
        (["s.json", "--check", "--reference", "x"], "--check writes nothing; drop --check or --settings-bundle and --reference"),
        (["s.json", "--settings-bundle"], "--settings-bundle needs a value"),
        (["s.json", "-o", "x", "--resource-bundle", "a/b"], "--resource-bundle takes a bundle's name, such as MyPackage_MyTarget, not 'a/b'"),
    ])
    func reportsUsageErrors(arguments: [String], message: String) {
        guard case .failure(let error) = parse(arguments) else { Issue.record("accepted \(arguments)"); return }
        #expect(error.description == message)
    }

    @Test func generatesOnceAndLeavesAnUnchangedFileUntouched() throws {
        let folder = TemporaryFolder()
        let schema = folder.write(#"{"keys": {"count": 0}}"#, to: "defaults.json")
        let output = folder.url.appendingPathComponent("Generated/Keys.swift").path
        let command = GeneratorCommand(schemaPath: schema, action: .generate(output: output))
        #expect(run(command).status == 0)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.contains("static let count = DefaultsKey<Int>(\"count\", default: 0)"))
        #expect(text.contains("enum App {"))
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: output)
        #expect(run(command).status == 0)
        let modified = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
        #expect(modified == past)
    }

    @Test func aBadSchemaPrintsLocatedErrorsAndKeepsTheOldOutput() throws {
        let folder = TemporaryFolder()
        let schema = folder.write("{\"keys\": {\"count\": {\"type\": \"Int\", \"default\": 1.5}}}", to: "defaults.json")
        let output = folder.write("previous content", to: "Keys.swift")
        let result = run(GeneratorCommand(schemaPath: schema, action: .generate(output: output)))
        #expect(result.status == 1)
        #expect(result.errors == ["\(schema):1:47: error: 1.5 is not a whole number, as Int needs; remove the fraction or use Double"])
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "previous content")
    }

    @Test func checkWritesNothingAndAMissingFileIsAnError() {
        let folder = TemporaryFolder()
        let schema = folder.write(#"{"keys": {}}"#, to: "defaults.json")
        let checked = run(GeneratorCommand(schemaPath: schema, action: .check))
        #expect(checked.status == 0)
        #expect(checked.errors.count == 1)  // the "keys is empty" warning
        let missing = run(GeneratorCommand(schemaPath: folder.url.appendingPathComponent("nope.json").path, action: .check))
        #expect(missing.status == 1)
        #expect(missing.errors.first?.hasSuffix("nope.json: error: cannot read the schema file; check the path") == true)
    }

    @Test func writesTheSettingsBundleAndTheReferenceOnlyWhenTheyChange() throws {
        let folder = TemporaryFolder()
        let schema = folder.write(#"{"settingsBundle": {"groups": [{"title": "General", "keys": ["showTips"]}]}, "keys": {"showTips": true}}"#, to: "defaults.json")
        let bundle = folder.url.appendingPathComponent("Settings.bundle").path
        let reference = folder.url.appendingPathComponent("docs/Settings.md").path
        let command = GeneratorCommand(schemaPath: schema, action: .documents, settingsBundle: bundle, reference: reference)
        #expect(run(command).status == 0)
        let plist = "\(bundle)/Root.plist"
        #expect(try String(contentsOfFile: plist, encoding: .utf8).contains("<string>PSToggleSwitchSpecifier</string>"))
        #expect(try String(contentsOfFile: "\(bundle)/en.lproj/Root.strings", encoding: .utf8).contains("\"Show Tips\" = \"Show Tips\";"))
        #expect(try String(contentsOfFile: reference, encoding: .utf8).contains("defaults write DOMAIN 'showTips' -bool YES"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Keys.swift").path))
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: plist)
        #expect(run(command).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: plist)[.modificationDate] as? Date == past)
    }

    /// A key of another app group is edited on a screen of its own: its property list is written beside Root.plist.
    @Test func writesAPropertyListForEachOtherSuitesScreen() throws {
        let folder = TemporaryFolder()
        let schema = folder.write(#"{"settingsBundle": {"groups": [{"title": "General", "keys": ["showTips"]}, {"title": "Widget", "keys": ["compact"]}]}, "keys": {"showTips": true, "compact": {"type": "Bool", "default": false, "suite": "group.com.example.widget"}}}"#, to: "defaults.json")
        let bundle = folder.url.appendingPathComponent("Settings.bundle")
        #expect(run(GeneratorCommand(schemaPath: schema, action: .documents, settingsBundle: bundle.path)).status == 0)
        let files = try FileManager.default.subpathsOfDirectory(atPath: bundle.path).filter { $0.hasSuffix(".plist") || $0.hasSuffix(".strings") }.sorted()
        #expect(files == ["Root.plist", "en.lproj/Root.strings", "group_com_example_widget.plist"])
        let pane = try String(contentsOf: bundle.appendingPathComponent("group_com_example_widget.plist"), encoding: .utf8)
        #expect(pane.contains("<key>ApplicationGroupContainerIdentifier</key>\n\t<string>group.com.example.widget</string>"))
        #expect(pane.contains("<string>compact</string>"))
        let root = try String(contentsOf: bundle.appendingPathComponent("Root.plist"), encoding: .utf8)
        #expect(root.contains("<string>group_com_example_widget</string>") && !root.contains("<string>compact</string>"))
        // The suite leaves the bundle: its screen goes too; a property list of the user's own stays.
        try Data("<plist version=\"1.0\"><dict/></plist>\n".utf8).write(to: bundle.appendingPathComponent("Extra.plist"))
        _ = folder.write(#"{"settingsBundle": {"groups": [{"title": "General", "keys": ["showTips"]}]}, "keys": {"showTips": true}}"#, to: "defaults.json")
        #expect(run(GeneratorCommand(schemaPath: schema, action: .documents, settingsBundle: bundle.path)).status == 0)
        let after = try FileManager.default.subpathsOfDirectory(atPath: bundle.path).filter { $0.hasSuffix(".plist") || $0.hasSuffix(".strings") }.sorted()
        #expect(after == ["Extra.plist", "Root.plist", "en.lproj/Root.strings"])
    }

    @Test func aSettingsBundleNeedsTheSchemaToDeclareOne() {
        let folder = TemporaryFolder()
        let schema = folder.write(#"{"keys": {"showTips": true}}"#, to: "defaults.json")
        let result = run(GeneratorCommand(schemaPath: schema, action: .documents, settingsBundle: folder.url.appendingPathComponent("S.bundle").path))
        #expect(result.status == 1)
        #expect(result.errors.first?.hasPrefix("\(schema):1:1: error: the schema has no \"settingsBundle\"") == true)
    }

    @Test func helpAndVersion() {
        #expect(run(GeneratorCommand(action: .version)).output == [GeneratorCommand.version])
        #expect(run(GeneratorCommand(action: .help)).output.first?.contains("USAGE: typed-defaults-gen SCHEMA --output FILE") == true)
    }
}
