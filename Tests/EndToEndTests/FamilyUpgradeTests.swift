import Foundation
import TestSupport
import Testing

/// The release check of key families, end to end through the plugins: version 1 records its families and stores
/// members; version 2 renames a family's template without `renamedFrom` (and retypes the other) and the build fails
/// at those lines; with `renamedFrom` it builds, and every member arrives under its new name. In the serialized suite
/// of the plugin tests: it builds in the shared scratch path, where a build in parallel would make their no-op build
/// test rebuild.
extension PluginEndToEndTests {
    @Test func membersOfVersion1ArriveInVersion2AndTheBuildRefusesTheUnmigratedSchema() throws {
        let copy = try FixtureBuilder.temporaryCopy(of: "FamilyUpgrade")
        defer { try? FileManager.default.removeItem(at: copy) }
        let sources = copy.appendingPathComponent("Sources/FamilyUpgrade")
        let record = try FixtureBuilder.swift("package", ["--allow-writing-to-package-directory", "record-defaults-release", "--version", "1.0"], in: copy)
        #expect(record.status == 0, "\(record.output)")
        let releases = try String(contentsOf: sources.appendingPathComponent("defaults.releases.json"), encoding: .utf8)
        #expect(releases.contains(#"{ "swiftName": "selectedCalendars", "name": "widget.{widgetID}.calendars", "parameter": "String", "suite": "typeddefaults.fixture.families", "type": "[String]" }"#), "\(releases)")
        let version1 = try FixtureBuilder.build("FamilyUpgrade", directory: copy)
        #expect(version1.status == 0, "\(version1.output)")
        #expect(try FixtureBuilder.run(product: "FamilyUpgrade").output == "version 1 stored [\"w1\", \"w2\"] [3]\n")

        func install(_ version: String) throws { try FixtureBuilder.install(version: version, of: copy, target: "FamilyUpgrade") }
        try install("2-unmigrated")
        let refused = try FixtureBuilder.build("FamilyUpgrade", directory: copy)
        #expect(refused.status != 0)
        #expect(refused.output.contains(#"defaults.json:5:5: error: the family "selectedCalendars" stored its members as "widget.{widgetID}.calendars" in release 1.0 and stores them as "{widgetID}_calendars" now"#), "\(refused.output)")
        #expect(refused.output.contains(#"defaults.json:6:5: error: release 1.0 stored the members of "pageZoom" as Double; as String, users would lose them"#), "\(refused.output)")

        try install("2")
        FixtureBuilder.forgetBuiltTarget(named: "FamilyUpgrade")
        let version2 = try FixtureBuilder.build("FamilyUpgrade", directory: copy)
        #expect(version2.status == 0, "\(version2.output)")
        #expect(!version2.output.contains("warning:"), "\(version2.output)")
        #expect(try FixtureBuilder.run(product: "FamilyUpgrade").output == """
            members before reading: ["w1", "w2"]
            w1: ["work"]
            w2: ["home", "gym"]
            pageZoom 3: 1.5
            old entries left: []; new: ["w1_calendars", "w2_calendars"]
            after removeMembers: [] []

            """)
    }
}
