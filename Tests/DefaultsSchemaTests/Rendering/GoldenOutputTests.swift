import DefaultsSchema
import Foundation
import Testing

@Suite struct GoldenOutputTests {
    @Test func richSchemaMatchesTheCompiledReference() throws {
        let schema = try Data(contentsOf: repositoryRoot.appendingPathComponent("Tests/DefaultsSchemaTests/Schemas/rich.json"))
        let output = DefaultsKeysGenerator(namespace: "Rich").generate(schema: Array(schema), sourceName: "rich.json")
        #expect(output.diagnostics.filter { $0.severity == .error }.isEmpty, "\(output.diagnostics)")
        let source = try #require(output.source)
        try expectSnapshot(source, matches: "Tests/GeneratedReferenceTests/Reference/RichDefaultsKeys.swift")
    }

    @Test func recordTypesSetsIntEnumsAndSuitesMatchTheCompiledReference() throws {
        let schema = try Data(contentsOf: repositoryRoot.appendingPathComponent("Tests/DefaultsSchemaTests/Schemas/app.json"))
        let output = DefaultsKeysGenerator(namespace: "App").generate(schema: Array(schema), sourceName: "app.json")
        // The schema keeps a dotted prefix in an app group on purpose: one warning, at the prefix.
        #expect(output.diagnostics.map(\.description) == [
            #"3:16: warning: "keyPrefix" "app." puts '.' or '@' in the names of keys in the app group "group.typeddefaults.tests.shared": changes that other processes (a widget, an extension) make to them cannot be observed on Apple platforms; use "app_", and list each old name in "renamedFrom" to keep users' values"#,
        ])
        let source = try #require(output.source)
        try expectSnapshot(source, matches: "Tests/GeneratedReferenceTests/Reference/AppDefaultsKeys.swift")
    }

    @Test func nestedNamesRunTimeSuitesObjCEnumsAndRequiredFieldsMatchTheCompiledReference() throws {
        let path = "Tests/DefaultsSchemaTests/Schemas/nested.json"
        let schema = try Data(contentsOf: repositoryRoot.appendingPathComponent(path))
        let output = DefaultsKeysGenerator(namespace: "Nested").generate(schema: Array(schema), sourceName: "nested.json", sourcePath: path)
        // A system setting's name repeated in "key" says that it is one: no warning either way.
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let source = try #require(output.source)
        try expectSnapshot(source, matches: "Tests/GeneratedReferenceTests/Reference/NestedDefaultsKeys.swift")
        // The compiler reports a wrong outer name at the schema line that nests a type in it.
        #expect(source.contains("#sourceLocation(file: \"\(path)\", line: 24)\nnonisolated extension Preference {\n#sourceLocation()\n"))
        // "swiftSuite" is a `String?` expression at the top level as on a key, and a wrong one is reported at its line.
        #expect(source.contains("    #sourceLocation(file: \"\(path)\", line: 3)\n        static let suiteName: String? = ReferenceAppGroup.identifier\n        #sourceLocation()\n"))
        #expect(source.contains("#sourceLocation(file: \"\(path)\", line: 35)\n    static let debugGroupFlag = DefaultsKey<Bool>("))
    }

    /// Ranges below zero: both bounds, only a maximum, only a minimum; Int, Int8, Double, Float, CGFloat. A negative
    /// upper bound once made `-60.0...-6.0`, which does not compile.
    @Test func negativeRangeBoundsMatchTheCompiledReference() throws {
        let schema = try Data(contentsOf: repositoryRoot.appendingPathComponent("Tests/DefaultsSchemaTests/Schemas/ranges.json"))
        let output = DefaultsKeysGenerator(namespace: "Ranges").generate(schema: Array(schema), sourceName: "ranges.json")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let source = try #require(output.source)
        #expect(source.contains("in: -60.0 ... -6.0"))
        // One declared bound: a partial range (no bound invented to move writes to), a negative bound parenthesized.
        #expect(source.contains("in: ...(-1)"))
        #expect(source.contains("in: ...(-0.001)"))
        #expect(source.contains("in: (-100)..."))
        try expectSnapshot(source, matches: "Tests/GeneratedReferenceTests/Reference/RangesDefaultsKeys.swift")
    }

    @Test func withoutASettingsClassNoClassAndNoObservationImport() throws {
        let source = try #require(generate(#"{"keys": {"a": 1}}"#).source)
        #expect(!source.contains("import Observation"))
        // The one class is the token that finds the module's bundle for translated titles.
        #expect(source.components(separatedBy: "class ").count == 2 && source.contains("fileprivate final class BundleToken {}"))
        let withClass = try #require(generate(#"{"settingsClass": "AppSettings", "keys": {"a": 1}}"#).source)
        #expect(withClass.contains("import Observation\n"))
        #expect(withClass.contains("nonisolated final class AppSettings: Observable, Sendable {"))
        #expect(withClass.contains("    init(store: DefaultsStore = .standard) {"))
        #expect(withClass.hasPrefix(source.replacingOccurrences(of: "import Foundation\n", with: "import Foundation\nimport Observation\n")))
    }

    @Test func importsFollowTheSchemasAccessLevel() throws {
        // Public: TypedDefaults and Observation always (keys and conformances name them), Foundation only when a
        // public declaration names one of its types (an unused public import is a warning).
        let publicSource = try #require(generate(#"{"access": "public", "settingsClass": "S", "keys": {"a": 1}}"#).source)
        #expect(publicSource.contains("\nimport Foundation\npublic import Observation\npublic import TypedDefaults\n"))
        let publicDate = try #require(generate(#"{"access": "public", "keys": {"a": {"type": "[Date]", "default": []}}}"#).source)
        #expect(publicDate.contains("\npublic import Foundation\npublic import TypedDefaults\n"))
        let recordURL = try #require(generate(#"{"access": "public", "types": {"R": {"fields": {"u": {"type": "URL?"}}}}, "keys": {"a": {"type": "R", "default": {}}}}"#).source)
        #expect(recordURL.contains("\npublic import Foundation\n"))
        // Package: a package class's `Observable` conformance does not count as a use of Observation.
        let packageSource = try #require(generate(#"{"access": "package", "settingsClass": "S", "keys": {"a": {"type": "UUID?"}}}"#).source)
        #expect(packageSource.contains("""

            #if hasFeature(InternalImportsByDefault)
            package import Foundation
            #else
            import Foundation
            #endif
            import Observation
            #if hasFeature(InternalImportsByDefault)
            package import TypedDefaults
            #else
            import TypedDefaults
            #endif

            """))
        let internalSource = try #require(generate(#"{"settingsClass": "S", "keys": {"a": {"type": "Date?"}}}"#).source)
        #expect(internalSource.contains("\nimport Foundation\nimport Observation\nimport TypedDefaults\n"))
    }

    @Test func everyDeclarationIsNonisolatedSoDefaultMainActorIsolationDoesNotCaptureIt() throws {
        let schema = try Data(contentsOf: repositoryRoot.appendingPathComponent("Tests/DefaultsSchemaTests/Schemas/app.json"))
        let source = try #require(DefaultsKeysGenerator(namespace: "App").generate(schema: Array(schema), sourceName: "app.json").source)
        let topLevel = source.split(separator: "\n").filter { $0.first?.isLetter == true && !$0.hasPrefix("import ") && !$0.contains(" import ") }
        #expect(topLevel.count == 9, "\(topLevel)")
        for line in topLevel { #expect(line.hasPrefix("nonisolated "), "\(line)") }
    }

    @Test func everyKeyHasADocCommentAndNoLineIsLong() throws {
        let schema = try Data(contentsOf: repositoryRoot.appendingPathComponent("Tests/DefaultsSchemaTests/Schemas/rich.json"))
        let source = try #require(DefaultsKeysGenerator(namespace: "Rich").generate(schema: Array(schema), sourceName: "rich.json").source)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where line.contains("static let ") && line.contains("DefaultsKey<") && !line.hasPrefix("            ") {
            #expect(lines[index - 1].hasPrefix("    ///"), "no doc comment above: \(line)")
        }
        #expect(source.contains("/// Stored as \"rich.installID\"; default \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"."))
        #expect(source.contains("/// Formerly stored as \"rich.soundLevel\", \"rich.loudness\"."))
    }

    /// Every line of every golden file fits 120 characters, not counting what string literals hold (a long
    /// stored name or default is the schema's, and stays on its line).
    @Test(arguments: ["AppDefaultsKeys.swift", "RichDefaultsKeys.swift", "NestedDefaultsKeys.swift", "SettingsViewDefaultsKeys.swift", "IntentsDefaultsKeys.swift"])
    func noGoldenLineIsLongButForItsLiterals(file: String) throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Tests/GeneratedReferenceTests/Reference/\(file)"), encoding: .utf8)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.replacing(/"(?:[^"\\]|\\.)*"/, with: "\"\"")
            #expect(code.count <= 120, "\(file):\(number + 1) is \(code.count) characters without its literals: \(line)")
        }
    }

    @Test func longDocCommentsAndLongKeyDeclarationsAreWrapped() throws {
        let description = String(repeating: "word ", count: 60)
        let source = try #require(generate(#"{"suite": "group.example.a-rather-long-suite-name", "keys": {"k": {"type": "[String]", "default": ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "b"], "description": "\#(description)"}}}"#).source)
        // Measured without string literals: the description is also the key's help text, one literal that cannot be
        // broken (its doc comment is wrapped).
        let lines = source.split(separator: "\n").map { $0.replacing(/"(?:[^"\\]|\\.)*"/, with: "\"\"") }
        #expect(lines.allSatisfy { $0.count <= 120 }, "\(lines.filter { $0.count > 120 })")
        #expect(source.contains("    static let k = DefaultsKey<[String]>(\n        \"k\",\n"))
        #expect(source.contains("        suite: DefaultsKeys.Test.suiteName,\n        label: DefaultsKeyLabel(\n            \"K\",\n            help: \"word "))
        #expect(source.contains("        static let suiteName = \"group.example.a-rather-long-suite-name\"\n"))
    }

    @Test func headerNamesTheSourceAndKeysKeepSchemaOrder() throws {
        let source = try #require(generate(#"{"keys": {"zeta": 1, "alpha": 2, "mid": {"type": "String?"}}}"#).source)
        #expect(source.hasPrefix("// Generated by typed-defaults-gen from defaults.json. DO NOT EDIT.\n// swift-format-ignore-file\n// swiftlint:disable all\n"))
        let zeta = try #require(source.range(of: "static let zeta")), alpha = try #require(source.range(of: "static let alpha"))
        let mid = try #require(source.range(of: "static let mid = DefaultsKey<String?>(\"mid\")"))
        #expect(zeta.lowerBound < alpha.lowerBound && alpha.lowerBound < mid.lowerBound)
    }

    @Test func accessOverrideAndNamespace() throws {
        let output = DefaultsKeysGenerator(namespace: "MyLib", accessOverride: .package)
            .generate(schema: Array(#"{"access": "public", "keys": {"a": 1}}"#.utf8), sourceName: "defaults.json")
        let source = try #require(output.source)
        #expect(source.contains("package static let a = DefaultsKey<Int>(\"a\", default: 1)"))
        #expect(source.contains("package enum MyLib {"))
        #expect(DefaultsKeysGenerator.namespace(fromTargetName: "my-app") == "MyApp")
        #expect(DefaultsKeysGenerator.namespace(fromTargetName: "DemoApp") == "DemoApp")
        #expect(DefaultsKeysGenerator.namespace(fromTargetName: "2d") == "_2d")
        #expect(DefaultsKeysGenerator.namespace(fromTargetName: "IINA") == "IINA")
        #expect(DefaultsKeysGenerator.namespace(fromTargetName: "NNW") == "NNW")
        #expect(DefaultsKeysGenerator.namespace(fromTargetName: "class") == "Class")
    }

    @Test func warningsDoNotStopGeneration() throws {
        let output = generate(#"{"keys": {"a": {"type": "Int", "default": 1, "key": "a", "description": ""}, "b": {"type": "Strng?"}}}"#)
        #expect(output.source != nil)
        #expect(output.diagnostics.map(\.description) == [
            "1:53: warning: \"key\" repeats the key's name, which is already the stored key; remove it",
            "1:73: warning: \"description\" is empty; describe the setting or remove the field",
            "1:92: warning: \"Strng\" is taken as your own DefaultsSerializable type; did you mean \"String\"?",
        ])
    }

    @Test func aSystemSettingIsDeclaredCleanlyByRepeatingItsNameInKey() throws {
        let bare = generate(#"{"keys": {"NSQuitAlwaysKeepsWindows": {"type": "Bool", "default": false}}}"#)
        #expect(bare.diagnostics.map(\.description) == [
            #"1:11: warning: the stored key "NSQuitAlwaysKeepsWindows" starts with "NS", like system settings; a key prefix avoids clashes, and for a system setting say so with "key": "NSQuitAlwaysKeepsWindows""#,
        ])
        let declared = generate(#"{"keys": {"NSQuitAlwaysKeepsWindows": {"type": "Bool", "default": false, "key": "NSQuitAlwaysKeepsWindows"}}}"#)
        #expect(declared.diagnostics.isEmpty && declared.source != nil, "\(declared.diagnostics)")
    }

    @Test func dottedNamesInAnAppGroupWarnOncePerCause() throws {
        // A key's own dotted name in an app group: located at the name (or its "key").
        let output = generate(#"{"suite": "group.a", "keys": {"x": {"type": "Int", "default": 1, "key": "my.x"}, "y": 2, "z": {"type": "Int", "default": 3, "suite": "local.z", "key": "z.z"}}}"#)
        #expect(output.diagnostics.map(\.description) == [
            #"1:73: warning: "my.x" lives in the app group "group.a" but holds '.' or '@': changes that other processes (a widget, an extension) make to it cannot be observed on Apple platforms; store it as "my_x" ("key"), and list "my.x" in "renamedFrom" to keep users' values"#,
        ])
        // A macOS app group named after its team identifier is an app group too.
        let team = generate(#"{"suite": "ABCDE12345.shared", "keys": {"x": {"type": "Int", "default": 1, "key": "my.x"}}}"#)
        #expect(team.diagnostics.map(\.description) == [
            #"1:83: warning: "my.x" lives in the app group "ABCDE12345.shared" but holds '.' or '@': changes that other processes (a widget, an extension) make to it cannot be observed on Apple platforms; store it as "my_x" ("key"), and list "my.x" in "renamedFrom" to keep users' values"#,
        ])
        // Not an app group, or no dot: nothing to say.
        #expect(generate(#"{"suite": "com.example.local", "keyPrefix": "a.", "keys": {"x": 1}}"#).diagnostics.isEmpty)
        #expect(generate(#"{"suite": "group.a", "keyPrefix": "a_", "keys": {"x": 1}}"#).diagnostics.isEmpty)
        // A prefix with '@' in one key's app group only.
        let prefixed = generate(#"{"keyPrefix": "me@", "keys": {"x": 1, "y": {"type": "Int", "default": 1, "suite": "group.b"}}}"#)
        #expect(prefixed.diagnostics.map(\.description) == [
            #"1:15: warning: "keyPrefix" "me@" puts '.' or '@' in the names of keys in the app group "group.b": changes that other processes (a widget, an extension) make to them cannot be observed on Apple platforms; use "me_", and list each old name in "renamedFrom" to keep users' values"#,
        ])
    }
}

@Suite struct NumberRenderingTests {
    @Test func subnormalsRenderExactlyWithoutALiteralTheCompilerWarnsAbout() throws {
        let source = try #require(generate(#"{"keys": {"d": {"type": "Double", "default": 5e-324}, "f": {"type": "Float", "default": 1e-45}, "n": {"type": "Double", "default": -2.5e-320}}}"#).source)
        #expect(source.contains("DefaultsKey<Double>(\"d\", default: Double(bitPattern: 0x1))"))
        #expect(source.contains("DefaultsKey<Float>(\"f\", default: Float(bitPattern: 0x1))"))
        #expect(source.contains("default: Double(bitPattern: 0x\(String(Double("-2.5e-320")!.bitPattern, radix: 16)))"))
    }
}

/// Keys of Apple's colour types: each compiled only where its framework exists (the reference compiles on Linux
/// without them, and for iOS in `.ci/apple` with them), sRGB hex defaults, a `ColorPicker` row for `Color` and
/// `CGColor`.
@Suite struct ColorKeysGoldenOutputTests {
    /// App Intents: every parameter type and conversion, read-only keys, a managed key, an app-group key; compiled
    /// on Linux without the `#if canImport(AppIntents)` half (IntentActionsTests), and for iOS with it (.ci/apple).
    @Test func intentsMatchTheCompiledReference() throws {
        let schema = try Data(contentsOf: repositoryRoot.appendingPathComponent("Tests/DefaultsSchemaTests/Schemas/intents.json"))
        let output = DefaultsKeysGenerator(namespace: "Intents").generate(schema: Array(schema), sourceName: "intents.json")
        // Keys of the standard suite beside an app group: an intent in an extension would write the extension's own.
        #expect(output.diagnostics.filter { $0.severity == .error }.isEmpty, "\(output.diagnostics)")
        #expect(output.diagnostics.map(\.description) == [
            #"5:193: warning: 12 keys with intents ("inTheme", "inShowTips", "inVolume", "inRetries", "inGain", "inSpeed", "inNickname", "inServer", "inReminder", "inTags", "inModes", "inLevels") live in the standard suite, and an intent that runs in an extension (a widget's, an App Intents extension) writes that extension's own standard suite, which the app never reads; give them "suite": "group.typeddefaults.tests.intents" to share them, or keep their intents in the app target"#,
        ])
        let source = try #require(output.source)
        try expectSnapshot(source, matches: "Tests/GeneratedReferenceTests/Reference/IntentsDefaultsKeys.swift")
        // The reference lists each key's intents and an AppShortcutsProvider to paste (.ci/apple compiles it with
        // the golden above).
        let reference = SettingsReferenceRenderer(sourceName: "intents.json", namespace: "Intents").render(try #require(output.schema))
        try expectSnapshot(reference, matches: "Tests/DefaultsSchemaTests/Schemas/intents.reference.md")
    }

    @Test func colorKeysMatchTheCompiledReference() throws {
        let schema = try Data(contentsOf: repositoryRoot.appendingPathComponent("Tests/DefaultsSchemaTests/Schemas/colors.json"))
        let output = DefaultsKeysGenerator(namespace: "Colors").generate(schema: Array(schema), sourceName: "colors.json")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let source = try #require(output.source)
        #expect(source.contains("#if canImport(SwiftUI)\nimport SwiftUI\n#endif\n#if canImport(CoreGraphics)\nimport CoreGraphics\n#endif\n#if canImport(UIKit)\nimport UIKit\n#endif\n"))
        #expect(source.contains("""
                #if canImport(SwiftUI)
                /// The brand colour of the app.
                ///
                /// Stored as "brandColor"; default `#FF8000` (sRGB).
                static let brandColor = DefaultsKey<SwiftUI.Color>(
            """))
        #expect(source.contains("default: CGColor(srgbRed: 0.0, green: 0.0, blue: 0.0, alpha: 0.5019607843137255)"))
        #expect(source.contains("            #if canImport(UIKit)\n            add(DefaultsKeys.tintColor)\n            #endif\n"))
        #expect(source.contains("ColorPicker(selection: store.binding(.borderColor), supportsOpacity: true) { label(DefaultsKeys.borderColor) }"))
        try expectSnapshot(source, matches: "Tests/GeneratedReferenceTests/Reference/ColorsDefaultsKeys.swift")
    }
}
