@testable import DefaultsSchema
import Foundation
import Testing

/// Every key of a Settings bundle is edited in the domain the app reads it from. The Settings app stores a screen's
/// values in the app group its file names (`ApplicationGroupContainerIdentifier`), or in the app's own domain
/// without one; so Root.plist shows the keys of one suite, and each other suite's keys get a screen of their own
/// (a child pane, with a file of its own naming its app group).
@Suite struct SettingsBundleSuiteTests {
    /// The files of the bundle generated for `json`: path inside the bundle → text.
    static func files(_ json: String) throws -> [String: String] {
        let output = generate(json)
        let schema = try #require(output.schema, "\(output.diagnostics)")
        let bundle = try #require(SettingsBundleRenderer(sourceName: "defaults.json").render(schema))
        return Dictionary(bundle.files.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
    }

    /// A property list of the bundle, parsed.
    static func plist(_ text: String?) throws -> [String: Any] {
        let text = try #require(text)
        return try #require(try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) as? [String: Any])
    }

    /// Where each stored key is edited: its stored name → the app group of the file showing it (`""`: the app's own
    /// domain), following child panes from Root.plist as the Settings app does. A key shown twice fails.
    static func editedDomains(_ files: [String: String]) throws -> [String: String] {
        var domains: [String: String] = [:]
        var pending = ["Root"], visited: Set<String> = []
        while let name = pending.popLast() {
            guard visited.insert(name).inserted else { continue }
            let root = try plist(files["\(name).plist"])
            #expect(root["StringsTable"] as? String == "Root")
            let domain = root["ApplicationGroupContainerIdentifier"] as? String ?? ""
            for specifier in root["PreferenceSpecifiers"] as? [[String: Any]] ?? [] {
                if specifier["Type"] as? String == "PSChildPaneSpecifier" {
                    pending.append(try #require(specifier["File"] as? String))
                } else if let key = specifier["Key"] as? String {
                    #expect(domains.updateValue(domain, forKey: key) == nil, "\(key) is shown twice")
                }
            }
        }
        // Every file written is reached from Root.plist.
        #expect(Set(files.keys.filter { $0.hasSuffix(".plist") }) == Set(visited.map { "\($0).plist" }))
        return domains
    }

    /// The schemas of this suite's tests, and the suite each shown key is read from (`""`: the standard suite).
    static let schemas: [(json: String, domains: [String: String])] = [
        // The standard suite's keys in Root.plist; a widget's app group on a screen of its own.
        (#"{"settingsBundle": {"groups": [{"title": "General", "keys": ["a"]}, {"title": "Widget", "keys": ["w", "x"]}]}, "keys": {"a": true, "w": {"type": "Bool", "default": true, "suite": "group.com.example.widget"}, "x": {"type": "String", "default": "", "suite": "group.com.example.widget"}}}"#,
         ["a": "", "w": "group.com.example.widget", "x": "group.com.example.widget"]),
        // The schema's app group in Root.plist; a key of another app group in a mixed group.
        (#"{"suite": "group.a", "settingsBundle": {"groups": [{"title": "T", "footer": "F", "keys": ["a", "b", "c"]}]}, "keys": {"a": true, "b": {"type": "Bool", "default": true, "suite": "group.b"}, "c": 1}}"#,
         ["a": "group.a", "b": "group.b", "c": "group.a"]),
        // Two app groups whose names make the same file name, and a group with no key of Root's suite.
        (#"{"settingsBundle": {"groups": [{"keys": ["p", "q"]}, {"title": "Q", "keys": ["r"]}]}, "keys": {"p": {"type": "Bool", "default": true, "suite": "group.a.b"}, "q": {"type": "Bool", "default": true, "suite": "group.a_b"}, "r": {"type": "Bool", "default": true, "suite": "group.a.b"}}}"#,
         ["p": "group.a.b", "q": "group.a_b", "r": "group.a.b"]),
    ]

    static let folder = "Tests/DefaultsSchemaTests/Schemas/SettingsBundleSuites"

    /// Schemas/settings-suites.json: the standard suite's keys on Root.plist (one of them in a group shared with a
    /// widget's key), a widget's app group on one screen (three groups), a sync app group on another.
    static func goldenFiles() throws -> SettingsBundleFiles {
        let data = try Data(contentsOf: repositoryRoot.appendingPathComponent("Tests/DefaultsSchemaTests/Schemas/settings-suites.json"))
        let output = DefaultsKeysGenerator(namespace: "Reader").generate(schema: Array(data), sourceName: "settings-suites.json")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let schema = try #require(output.schema)
        return try #require(SettingsBundleRenderer(sourceName: "settings-suites.json").render(schema))
    }

    @Test func outputsMatchTheGoldenFiles() throws {
        let bundle = try Self.goldenFiles()
        #expect(bundle.files.map(\.path) == ["Root.plist", "group_com_example_reader_widget.plist", "group_com_example_reader_sync.plist", "en.lproj/Root.strings"])
        for file in bundle.files { try expectSnapshot(file.text, matches: "\(Self.folder)/Settings.bundle/\(file.path)") }
        let domains = try Self.editedDomains(Dictionary(uniqueKeysWithValues: bundle.files.map { ($0.path, $0.text) }))
        #expect(domains == ["reader_fontSize": "", "reader_justify": "", "reader_widgetFontSize": "group.com.example.reader.widget",
                            "reader_widgetTheme": "group.com.example.reader.widget", "reader_widgetShowsProgress": "group.com.example.reader.widget",
                            "reader_syncOverCellular": "group.com.example.reader.sync", "reader_widgetColumns": "group.com.example.reader.widget"])
    }

    /// Root.plist opens each other suite's screen at the first group that moves there whole, under its title (the
    /// screen's title); that screen keeps the schema's groups, in order, with their titles and footers.
    @Test func eachOtherSuiteIsOpenedAtItsFirstWholeGroup() throws {
        let bundle = try Self.goldenFiles()
        let root = try #require(try Self.plist(bundle.rootPlist)["PreferenceSpecifiers"] as? [[String: Any]])
        #expect(root.map { $0["Type"] as? String ?? "" } == ["PSGroupSpecifier", "PSMultiValueSpecifier", "PSToggleSwitchSpecifier",
                                                            "PSGroupSpecifier", "PSChildPaneSpecifier", "PSGroupSpecifier", "PSChildPaneSpecifier"])
        #expect(root.map { $0["Title"] as? String } == ["Reading", "Font Size", "Justify", nil, "Widget", nil, "Sync"])
        #expect(root.map { $0["File"] as? String } == [nil, nil, nil, nil, "group_com_example_reader_widget", nil, "group_com_example_reader_sync"])
        let widget = try Self.plist(bundle["group_com_example_reader_widget.plist"])
        #expect(widget["ApplicationGroupContainerIdentifier"] as? String == "group.com.example.reader.widget")
        let specifiers = try #require(widget["PreferenceSpecifiers"] as? [[String: Any]])
        #expect(specifiers.map { $0["Title"] as? String } == ["Reading", "Widget Font Size", nil, "Widget Theme", "Show Progress", "Widget Layout", "Widget Columns"])
        #expect(specifiers.map { $0["FooterText"] as? String } == ["Saved on this device.", nil, "Shown on the Home Screen.", nil, nil, nil, nil])
        let strings = bundle.rootStrings
        for title in ["Reading", "Widget", "Sync", "Widget Layout", "Show Progress", "Use Cellular Data", "Dark"] {
            #expect(strings.contains("\"\(title)\" = \"\(title)\";"), "\(title)")
        }
    }

    #if os(macOS) || os(Linux)
    @Test func plutilAcceptsEveryFile() throws {
        for file in try Self.goldenFiles().files {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["plutil", "-lint", repositoryRoot.appendingPathComponent("\(Self.folder)/Settings.bundle/\(file.path)").path]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0 && output.hasSuffix("OK\n"), "\(output)")
        }
    }
    #endif

    /// A group without a title whose keys open a screen of their own: the row would show the suite's name.
    @Test func anUntitledGroupOpeningAScreenIsWarnedOf() {
        let output = generate(#"{"suite": "group.a", "settingsBundle": {"groups": [{"title": "T", "keys": ["a"]}, {"keys": ["b"]}]}, "keys": {"a": true, "b": {"type": "Bool", "default": true, "suite": "group.b"}}}"#)
        #expect(output.diagnostics.map(\.description) == [
            #"1:83: warning: this group's keys in "group.b" go on a screen of their own (a screen edits one suite, and Root.plist edits the app group "group.a"), opened by a row named after the group; give the group a "title", or the row shows "group.b""#,
        ])
        #expect(generate(#"{"settingsBundle": {"groups": [{"keys": ["a"]}]}, "keys": {"a": true}}"#).diagnostics.isEmpty)
    }

    @Test(arguments: schemas.indices)
    func everyKeyIsEditedInTheSuiteItIsReadFrom(_ index: Int) throws {
        let (json, domains) = Self.schemas[index]
        #expect(try Self.editedDomains(try Self.files(json)) == domains)
    }
}
