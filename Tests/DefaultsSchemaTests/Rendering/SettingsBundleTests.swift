@testable import DefaultsSchema
import Foundation
import Testing

/// The Settings bundle and the reference generated for Schemas/settings.json: golden files, a valid property
/// list (plutil -lint and PropertyListSerialization), and every specifier checked against the schema.
@Suite struct SettingsBundleTests {
    static let folder = "Tests/DefaultsSchemaTests/Schemas/SettingsBundle"

    func outputs() throws -> (plist: String, strings: String, reference: String, schema: Schema) {
        let data = try Data(contentsOf: repositoryRoot.appendingPathComponent("Tests/DefaultsSchemaTests/Schemas/settings.json"))
        let output = DefaultsKeysGenerator(namespace: "Player").generate(schema: Array(data), sourceName: "settings.json")
        let schema = try #require(output.schema, "\(output.diagnostics)")
        let bundle = try #require(SettingsBundleRenderer(sourceName: "settings.json").render(schema))
        let reference = SettingsReferenceRenderer(sourceName: "settings.json", namespace: "Player").render(schema)
        return (bundle.rootPlist, bundle.rootStrings, reference, schema)
    }

    @Test func outputsMatchTheGoldenFiles() throws {
        let (plist, strings, reference, _) = try outputs()
        try expectSnapshot(plist, matches: "\(Self.folder)/Settings.bundle/Root.plist")
        try expectSnapshot(strings, matches: "\(Self.folder)/Settings.bundle/en.lproj/Root.strings")
        try expectSnapshot(reference, matches: "\(Self.folder)/Settings.md")
    }

    #if os(macOS) || os(Linux)
    @Test func plutilAcceptsBothFiles() throws {
        let plutil = URL(fileURLWithPath: "/usr/bin/env")
        for file in ["Settings.bundle/Root.plist", "Settings.bundle/en.lproj/Root.strings"] {
            let path = repositoryRoot.appendingPathComponent("\(Self.folder)/\(file)").path
            let process = Process()
            process.executableURL = plutil
            process.arguments = ["plutil", "-lint", path]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(output)")
            #expect(output.hasSuffix("OK\n"), "\(output)")
        }
    }
    #endif

    @Test func everySpecifierMatchesTheSchema() throws {
        let (plist, _, _, schema) = try outputs()
        let root = try #require(try PropertyListSerialization.propertyList(from: Data(plist.utf8), format: nil) as? [String: Any])
        #expect(root["StringsTable"] as? String == "Root")
        #expect(root["ApplicationGroupContainerIdentifier"] as? String == "group.com.example.player")
        let specifiers = try #require(root["PreferenceSpecifiers"] as? [[String: Any]])
        let shown = specifiers.filter { $0["Type"] as? String != "PSGroupSpecifier" }
        let expected = try #require(schema.settingsBundle).groups.flatMap(\.keys)
        #expect(shown.count == expected.count)
        #expect(specifiers.filter { $0["Type"] as? String == "PSGroupSpecifier" }.count == 3)
        for (specifier, identifier) in zip(shown, expected) {
            let key = try #require(schema.keys.first { $0.identifier == identifier })
            #expect(specifier["Key"] as? String == key.storedName)
            let type = specifier["Type"] as? String
            switch identifier {
            case "volume":
                #expect(type == "PSSliderSpecifier")
                #expect(number(specifier["DefaultValue"]) == 0.8 && number(specifier["MinimumValue"]) == 0 && number(specifier["MaximumValue"]) == 1)
            case "speed": #expect(type == "PSSliderSpecifier" && number(specifier["MinimumValue"]) == 0.5)
            case "autoplay":
                #expect(type == "PSToggleSwitchSpecifier" && specifier["Title"] as? String == "Play Next Automatically")
                #expect(number(specifier["DefaultValue"]) == 1)
            case "quality":
                #expect(type == "PSMultiValueSpecifier")
                #expect(specifier["Titles"] as? [String] == ["Low", "Standard", "High (uses more data)"])
                #expect((specifier["Values"] as? [Any])?.compactMap(number) == [1, 2, 3])
                #expect(number(specifier["DefaultValue"]) == 2)
            case "theme":
                #expect(type == "PSMultiValueSpecifier")
                #expect(specifier["Titles"] as? [String] == ["Light", "Dark Mode", "System"])
                #expect(specifier["Values"] as? [String] == ["light", "dark-mode", "system"])
                #expect(specifier["DefaultValue"] as? String == "system")
            case "nickname":
                #expect(type == "PSTextFieldSpecifier" && specifier["KeyboardType"] as? String == "Alphabet")
            case "maxDownloads":
                // A number without both bounds: a text field with a number pad.
                #expect(type == "PSTextFieldSpecifier" && specifier["KeyboardType"] as? String == "NumberPad")
                #expect(specifier["Title"] as? String == key.title)
            case "rating":
                // An integer range of a few values: a list of its whole numbers, never a slider (which stores reals).
                #expect(type == "PSMultiValueSpecifier" && specifier["Title"] as? String == "Stars for a Finished Episode")
                #expect(specifier["Values"] as? [Int] == [1, 2, 3, 4, 5] && specifier["Titles"] as? [String] == ["1", "2", "3", "4", "5"])
                #expect(specifier["DefaultValue"] as? Int == 3)
            case "cacheMegabytes":
                // A wide integer range: a number pad.
                #expect(type == "PSTextFieldSpecifier" && specifier["KeyboardType"] as? String == "NumberPad")
                #expect(specifier["DefaultValue"] as? Int == 256)
            case "skipSeconds":
                #expect(type == "PSTextFieldSpecifier" && specifier["Title"] as? String == "Skip Seconds")
                #expect(number(specifier["DefaultValue"]) == 15)
            default: Issue.record("unexpected key \(identifier)")
            }
        }
    }

    /// An optional key with a default behaves as the non-optional key (it never reads nil until set), and the
    /// Settings app shows it so; one without a default still cannot be shown.
    @Test func anOptionalKeyWithADefaultIsShownAsTheKeyItBehavesLike() throws {
        let json = #"{"settingsBundle": {"groups": [{"keys": ["nickname", "mode"]}]}, "keys": {"nickname": {"type": "String?", "default": "guest"}, "mode": {"type": "Mode?", "cases": ["a", "b"], "default": "b"}}}"#
        let output = DefaultsKeysGenerator(namespace: "Test").generate(schema: Array(json.utf8), sourceName: "defaults.json")
        let schema = try #require(output.schema, "\(output.diagnostics)")
        let plist = try #require(SettingsBundleRenderer(sourceName: "defaults.json").render(schema)).rootPlist
        let root = try #require(try PropertyListSerialization.propertyList(from: Data(plist.utf8), format: nil) as? [String: Any])
        let specifiers = try #require(root["PreferenceSpecifiers"] as? [[String: Any]]).filter { $0["Key"] != nil }
        #expect(specifiers.map { $0["Type"] as? String } == ["PSTextFieldSpecifier", "PSMultiValueSpecifier"])
        #expect(specifiers.map { $0["DefaultValue"] as? String } == ["guest", "b"])
        let without = generate(#"{"settingsBundle": {"groups": [{"keys": ["nickname"]}]}, "keys": {"nickname": {"type": "String?"}}}"#)
        #expect(without.source == nil)
    }

    @Test func titlesDefaultToTheIdentifierInWords() {
        #expect(SchemaValidator.words(fromIdentifier: "showTips") == "Show Tips")
        #expect(SchemaValidator.words(fromIdentifier: "maxURLCount") == "Max URL Count")
        #expect(SchemaValidator.words(fromIdentifier: "volume") == "Volume")
        #expect(SchemaValidator.words(fromIdentifier: "skip_intro2Seconds") == "Skip Intro2 Seconds")
    }

    private func number(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber: return number.doubleValue
        case let number as Double: return number
        case let number as Int: return Double(number)
        case let flag as Bool: return flag ? 1 : 0
        default: return nil
        }
    }
}
