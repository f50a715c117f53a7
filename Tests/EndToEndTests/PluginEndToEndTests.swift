import Foundation
import TestSupport
import Testing

/// Builds the fixture packages with the real `swift build`, one at a time (they share a scratch path).
@Suite(.serialized) struct PluginEndToEndTests {
    @Test func basicAppBuildsAndReadsItsGeneratedKeys() throws {
        #expect(try FixtureBuilder.buildCleanlyAndRun("BasicApp") == """
            launchCount=1 volume=0.5 username=nil
            theme=dark-mode recentFiles=["README.md"] homepage=https://example.com/start showTips=true
            keys=launchCount,volume,username,theme,recentFiles,homepage,showTips
            titles=["Light", "Night", "System"] label=Launches help=How many times the app has started.

            """)
    }

    @Test func aNoOpBuildRunsNoGeneratorAndTouchingTheSchemaRegenerates() throws {
        #expect(try FixtureBuilder.build("BasicApp").status == 0)
        let noOp = try FixtureBuilder.build("BasicApp")
        #expect(noOp.status == 0)
        #expect(!noOp.output.contains("Generating DefaultsKeys"), "\(noOp.output)")
        let schema = FixtureBuilder.fixture("BasicApp").appendingPathComponent("Sources/BasicApp/defaults.json")
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: schema.path)
        let touched = try FixtureBuilder.build("BasicApp")
        #expect(touched.status == 0)
        #expect(touched.output.contains("Generating DefaultsKeys for BasicApp from defaults.json"), "\(touched.output)")
    }

    /// An app and its widget share one schema through a public library, its key list named by `"keyList"`, not
    /// after the target: the widget, another process, reads what the app wrote.
    @Test func anAppAndItsWidgetShareKeysNamedByTheSchemasKeyList() throws {
        let build = try FixtureBuilder.build("AppAndWidget")
        #expect(build.status == 0, "\(build.output)")
        #expect(!build.output.contains("warning:"), "\(build.output)")
        defer { _ = try? FixtureBuilder.runProcessOf(product: "ShareWidget", ["--reset"]) }
        _ = try FixtureBuilder.runProcessOf(product: "ShareWidget", ["--reset"])
        #expect(try FixtureBuilder.run(product: "ShareWidget").output == "widget: read nil count=0\nwidget main: nothing yet (0); widget w2: nothing yet (0)\n")
        #expect(try FixtureBuilder.run(product: "ShareApp").output == "app: wrote Notes.txt count=1 in group.typeddefaults.fixture.widget keys=2\n")
        #expect(try FixtureBuilder.run(product: "ShareWidget").output == "widget: read Notes.txt count=1\nwidget main: Notes.txt (1); widget w2: NOTES.TXT (1)\n")
    }

    @Test func aPublicLibrarySchemaIsUsableFromASecondTarget() throws {
        #expect(try FixtureBuilder.buildCleanlyAndRun("SharedSettings", product: "SettingsClient") == "accent=green interval=900 admin=true\nkit=3 client=1 runs=1\n")
    }

    @Test func aSettingsClassIsGeneratedAndObservable() throws {
        #expect(try FixtureBuilder.buildCleanlyAndRun("ObservableSettings") == """
            banner=Notes 2 (1) showTips=false changes=banner,showTips
            after reset: banner=Untitled (0) showTips=true

            """)
    }

    @Test func suitesRecordTypesIntEnumsAndSetsWorkThroughThePlugin() throws {
        #expect(try FixtureBuilder.buildCleanlyAndRun("AppGroupSettings") == """
            suite: quality=1 favorites=[1, 2, 3] standard=untouched
            explicit: memory quality=high
            old shape: x=40.0 width=800.0 pinned=false
            json string: width=300.0 pinned=true
            json data: widths=[200.0, 800.0]
            rewritten: dictionary x=2.0 width=300.0

            """)
    }

    @Test func aPackagesOwnTestsUseTheIsolatedDefaultsTraitAndTheXCTestPattern() throws {
        // A scratch path of its own: a test build compiles the package with other flags, and would make the next
        // plain build of another fixture rebuild the generator (and the no-op build test re-run it).
        let test = try runSwift("test", package: FixtureBuilder.fixture("IsolatedTests"),
                                ["--scratch-path", FixtureBuilder.root.appendingPathComponent(".build-fixtures-tests").path])
        #expect(test.status == 0, "\(test.output)")
        #expect(!test.output.contains("warning:"), "\(test.output)")
        #expect(test.output.contains("Executed 2 tests, with 0 failures"), "\(test.output)")
        #expect(test.output.contains("Test run with 3 tests in 1 suite passed"), "\(test.output)")
    }

    @Test func aBadSchemaFailsTheBuildWithTheLocatedError() throws {
        let build = try FixtureBuilder.build("BadSchema")
        #expect(build.status != 0)
        let schema = FixtureBuilder.fixture("BadSchema").appendingPathComponent("Sources/BadSchema/defaults.json").path
        #expect(build.output.contains("\(schema):3:46: error: the default must be a number for type Double, not a string"), "\(build.output)")
    }

    @Test func aTargetWithoutASchemaFailsNamingTheTargetAndTheFix() throws {
        let build = try FixtureBuilder.build("NoSchema")
        #expect(build.status != 0)
        #expect(build.output.contains("error: target 'NoSchema' uses TypedDefaultsPlugin but has no defaults.json; add one to the target's sources"), "\(build.output)")
    }

    @Test func twoSchemasInOneTargetFailListingBoth() throws {
        let build = try FixtureBuilder.build("TwoSchemas")
        #expect(build.status != 0)
        let sources = FixtureBuilder.fixture("TwoSchemas").appendingPathComponent("Sources/TwoSchemas").path
        #expect(build.output.contains("error: target 'TwoSchemas' has 2 defaults.json files; keep exactly one: \(sources)/Nested/defaults.json, \(sources)/defaults.json"), "\(build.output)")
    }

    @Test func theCommandPluginWritesKeysIntoTheSources() throws {
        let copy = try FixtureBuilder.temporaryCopy(of: "CommittedKeys")
        defer { try? FileManager.default.removeItem(at: copy) }
        let generate = try FixtureBuilder.swift("package", ["--allow-writing-to-package-directory", "generate-defaults-keys", "--target", "CommittedKeys"], in: copy)
        #expect(generate.status == 0, "\(generate.output)")
        let generated = copy.appendingPathComponent("Sources/CommittedKeys/GeneratedDefaultsKeys.swift")
        let text = try String(contentsOf: generated, encoding: .utf8)
        #expect(text.contains("// Generated by typed-defaults-gen from defaults.json. DO NOT EDIT."))
        // A committed file names its schema from the package's folder, never this machine's folders.
        #expect(text.contains("#sourceLocation(file: \"Sources/CommittedKeys/defaults.json\", line: 4)"), "\(text)")
        #expect(!text.contains(copy.path) && !text.contains(copy.resolvingSymlinksInPath().path) && !text.contains("file: \"/"))
        let build = try FixtureBuilder.build("CommittedKeys", directory: copy)
        #expect(build.status == 0, "\(build.output)")
        #expect(try FixtureBuilder.run(product: "CommittedKeys").output == "hello from committed keys\n")
    }

    @Test func theSettingsBundleCommandPluginWritesTheBundleAndTheReference() throws {
        let copy = try FixtureBuilder.temporaryCopy(of: "SettingsBundleApp")
        defer { try? FileManager.default.removeItem(at: copy) }
        let generate = try FixtureBuilder.swift("package", ["--allow-writing-to-package-directory", "generate-settings-bundle",
                                                            "--target", "SettingsBundleApp", "--output", "Resources"], in: copy)
        #expect(generate.status == 0, "\(generate.output)")
        let bundle = copy.appendingPathComponent("Resources/Settings.bundle")
        let plistData = try Data(contentsOf: bundle.appendingPathComponent("Root.plist"))
        let root = try #require(try PropertyListSerialization.propertyList(from: plistData, format: nil) as? [String: Any])
        #expect(root["ApplicationGroupContainerIdentifier"] as? String == "group.com.example.fixture")
        let specifiers = try #require(root["PreferenceSpecifiers"] as? [[String: Any]])
        #expect(specifiers.map { $0["Type"] as? String } == ["PSGroupSpecifier", "PSSliderSpecifier", "PSToggleSwitchSpecifier", "PSMultiValueSpecifier"])
        #expect(specifiers.map { $0["Key"] as? String } == [nil, "app_volume", "app_autoplay", "app_quality"])
        let strings = try String(contentsOf: bundle.appendingPathComponent("en.lproj/Root.strings"), encoding: .utf8)
        #expect(strings.contains("\"Autoplay Next\" = \"Autoplay Next\";"))
        let reference = try String(contentsOf: copy.appendingPathComponent("Resources/Settings.md"), encoding: .utf8)
        #expect(reference.contains("defaults write 'group.com.example.fixture' 'app_autoplay' -bool YES"))
        // Run again: nothing changes, so nothing is rewritten.
        let plist = bundle.appendingPathComponent("Root.plist").path
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: plist)
        let again = try FixtureBuilder.swift("package", ["--allow-writing-to-package-directory", "generate-settings-bundle",
                                                         "--target", "SettingsBundleApp", "--output", "Resources"], in: copy)
        #expect(again.status == 0, "\(again.output)")
        #expect(try FileManager.default.attributesOfItem(atPath: plist)[.modificationDate] as? Date == past)
        #expect(!FileManager.default.fileExists(atPath: copy.appendingPathComponent("Resources/AppConfig.xml").path))
        // With the app's bundle identifier, the AppConfig specfile of the managed keys too.
        let withSpec = try FixtureBuilder.swift("package", ["--allow-writing-to-package-directory", "generate-settings-bundle",
                                                            "--target", "SettingsBundleApp", "--output", "Resources",
                                                            "--bundle-id", "com.example.fixture"], in: copy)
        #expect(withSpec.status == 0, "\(withSpec.output)")
        let spec = try String(contentsOf: copy.appendingPathComponent("Resources/AppConfig.xml"), encoding: .utf8)
        #expect(spec.contains("<bundleId>com.example.fixture</bundleId>"))
        #expect(spec.contains("<boolean keyName=\"app_autoplay\">"))
        #expect(!spec.contains("app_volume"))
    }
}

/// A user's values survive an upgrade: release 1.0 is recorded with the command plugin, stores values, and
/// version 2 builds only with migrations, which move every value (an inverted Bool, an Int that became an enum, a
/// key moved to another suite, a retired key removed). In the serialized suite: it builds in the shared scratch path,
/// and a build of another package there in parallel would make the no-op build test rebuild.
extension PluginEndToEndTests {
    @Test func everyValueOfVersion1ArrivesInVersion2AndTheBuildRefusesTheUnmigratedSchema() throws {
        let copy = try FixtureBuilder.temporaryCopy(of: "ReleaseUpgrade")
        defer { try? FileManager.default.removeItem(at: copy) }
        let sources = copy.appendingPathComponent("Sources/ReleaseUpgrade")
        let record = try FixtureBuilder.swift("package", ["--allow-writing-to-package-directory", "record-defaults-release", "--version", "1.0"], in: copy)
        #expect(record.status == 0, "\(record.output)")
        let releases = try String(contentsOf: sources.appendingPathComponent("defaults.releases.json"), encoding: .utf8)
        #expect(releases.contains(#"{ "swiftName": "sortOrder", "name": "sortOrder", "suite": "typeddefaults.fixture.release", "type": "Int", "default": 0 }"#))
        let version1 = try FixtureBuilder.build("ReleaseUpgrade", directory: copy)
        #expect(version1.status == 0, "\(version1.output)")
        // Command-line builds have no bundle version: the environment names each one's (keepPreviousDefault).
        #expect(try FixtureBuilder.run(product: "ReleaseUpgrade", environment: ["TYPED_DEFAULTS_APP_VERSION": "1.0"]).output == "version 1 stored 4 of 5 keys\n")

        func install(_ version: String) throws { try FixtureBuilder.install(version: version, of: copy, target: "ReleaseUpgrade") }
        try install("2-unmigrated")
        let refused = try FixtureBuilder.build("ReleaseUpgrade", directory: copy)
        #expect(refused.status != 0)
        #expect(refused.output.contains(#"defaults.json:5:5: error: release 1.0 stored "sortOrder" as Int; as SortOrder, users would lose it"#), "\(refused.output)")
        #expect(refused.output.contains(#"error: release 1.0 stored "hideSearch" as "hideSearch", and no key reads it now"#), "\(refused.output)")

        try install("2")
        // Seen once in a fresh-clone CI run: the incremental build linked version 2's main.swift against version 1's
        // object of the generated file (files swapped within moments, after a failed build). Version 2 is to be
        // compiled whole: the target's products and plugin outputs in the shared scratch path are removed first.
        FixtureBuilder.forgetBuiltTarget(named: "ReleaseUpgrade")
        let version2 = try FixtureBuilder.build("ReleaseUpgrade", directory: copy)
        #expect(version2.status == 0, "\(version2.output)")
        #expect(!version2.output.contains("warning:"), "\(version2.output)")
        let upgraded = try FixtureBuilder.run(product: "ReleaseUpgrade", environment: ["TYPED_DEFAULTS_APP_VERSION": "1.1"])
        #expect(upgraded.output == """
            showSearch=false sortOrder=oldest lastAccount=ann
            pageSize=20 new install=50
            old entries left: []
            sortOrder stored as oldest

            """, "\(upgraded.output)")
    }
}
