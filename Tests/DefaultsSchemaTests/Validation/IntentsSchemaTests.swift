import DefaultsSchema
import Testing

/// `"intents"` on a key: which keys get App Intents, and what is refused, located.
@Suite struct IntentsSchemaTests {
    @Test func trueReadAndFalseSayWhatTheIntentsMayDo() throws {
        let output = generate(#"{"keys": {"a": {"type": "Int", "default": 1, "intents": true}, "b": {"type": "Int", "default": 1, "intents": "read"}, "c": {"type": "Int", "default": 1, "intents": false}, "d": 1}}"#)
        let schema = try #require(output.schema, "\(output.diagnostics)")
        #expect(output.diagnostics.isEmpty)
        #expect(schema.keys.map(\.intents) == [.readWrite, .read, nil, nil])
        let source = try #require(output.source)
        #expect(source.contains("struct SetAIntent: AppIntent") && source.contains("struct GetAIntent: AppIntent"))
        #expect(source.contains("struct GetBIntent: AppIntent") && !source.contains("SetBIntent"))
        #expect(!source.contains("GetCIntent") && !source.contains("GetDIntent"))
        #expect(source.contains("#if canImport(AppIntents)\nimport AppIntents\n#endif"))
    }

    @Test func aSchemaWithoutIntentsImportsNothingMore() throws {
        let source = try #require(generate(#"{"keys": {"a": 1}}"#).source)
        #expect(!source.contains("AppIntents") && !source.contains("IntentActions"))
    }

    @Test(arguments: [
        (#"{"keys": {"a": {"type": "Int", "default": 1, "intents": "yes"}}}"#,
         #"1:57: error: "intents" of "a" must be true (read and change the setting from Shortcuts, Siri and Spotlight), "read" (read it only) or false, not a string"#),
        (#"{"keys": {"a": {"type": "[String: Int]", "default": {}, "intents": true}}}"#,
         #"1:68: error: App Intents has no parameter for "a" of type [String: Int]: intents take Bool, integers, Float, Double, String, Date, URL, enums declared with "cases", and arrays and optionals of those; remove "intents""#),
        (#"{"keys": {"a": {"type": "Data", "default": "", "intents": "read"}}}"#,
         #"1:59: error: App Intents has no parameter for "a" of type Data: intents take Bool, integers, Float, Double, String, Date, URL, enums declared with "cases", and arrays and optionals of those; remove "intents""#),
        (##"{"keys": {"a": {"type": "Color", "default": "#FF0000", "intents": true}}}"##,
         #"1:67: error: App Intents has no parameter for "a" of type SwiftUI.Color: intents take Bool, integers, Float, Double, String, Date, URL, enums declared with "cases", and arrays and optionals of those; remove "intents""#),
        (#"{"keys": {"a": {"type": "Set<Int>", "default": [], "intents": true}}}"#,
         #"1:63: error: App Intents has no parameter for "a" of type Set<Int>: intents take Bool, integers, Float, Double, String, Date, URL, enums declared with "cases", and arrays and optionals of those; remove "intents""#),
        (#"{"keys": {"a": {"type": "UUID?", "intents": true}}}"#,
         #"1:45: error: "a" is a UUID, which the app makes and people do not type: give "intents": "read" (its intent returns the UUID's text)"#),
        (#"{"keys": {"a": {"type": "Int", "default": 1, "managed": true, "intents": true}}}"#,
         #"1:74: error: "a" is managed: while an administrator sets it, a "Set" intent would change nothing the app reads; give "intents": "read""#),
        (#"{"keys": {"a": {"type": "Int", "default": 1, "deprecated": "gone", "intents": "read"}}}"#,
         #"1:79: error: "a" is deprecated: its intents would warn wherever they compile; remove "intents""#),
        (#"{"keys": {"a": {"type": "Int", "default": 1, "parameter": {"name": "id", "type": "String"}, "key": "a.{id}", "intents": true}}}"#,
         #"1:121: error: "a" is a key family ("parameter"), whose members are known only at run time, so it cannot have App Intents; remove "intents", and write an intent of the app's own that takes the member's parameter"#),
    ])
    func whatAppIntentsCannotTakeIsALocatedError(schema: String, message: String) {
        let output = generate(schema)
        #expect(output.source == nil)
        #expect(output.diagnostics.map(\.description) == [message])
    }

    @Test func aManagedKeyGetsAReadIntentOnly() throws {
        let source = try #require(generate(#"{"keys": {"a": {"type": "Int", "default": 1, "managed": true, "intents": "read"}}}"#).source)
        #expect(source.contains("struct GetAIntent") && !source.contains("SetAIntent"))
    }

    @Test func keysOfTheStandardSuiteBesideAnAppGroupAreWarnedOfOnce() throws {
        let output = generate(#"{"keys": {"a": {"type": "Int", "default": 1, "intents": true}, "b": {"type": "Int", "default": 1, "suite": "group.example.app", "intents": true}, "c": {"type": "Bool", "default": true, "intents": "read"}}}"#)
        #expect(output.source != nil)
        #expect(output.diagnostics.map(\.description) == [
            #"1:57: warning: "a" lives in the standard suite, and an intent that runs in an extension (a widget's, an App Intents extension) writes that extension's own standard suite, which the app never reads; give them "suite": "group.example.app" to share them, or keep their intents in the app target"#,
        ])
        // Without an app group there is nothing to share with: no warning.
        #expect(generate(#"{"keys": {"a": {"type": "Int", "default": 1, "intents": true}}}"#).diagnostics.isEmpty)
    }

    /// What each type becomes: the parameter App Intents has for it, and the conversion each way.
    @Test func eachTypeBecomesAParameterAppIntentsHas() throws {
        let source = try #require(generate("""
            {"keys": {
              "i8": {"type": "Int8", "default": 1, "intents": true},
              "u64": {"type": "UInt64", "default": 1, "intents": true},
              "f": {"type": "Float", "default": 0.5, "intents": true},
              "cg": {"type": "CGFloat", "default": 0.5, "intents": true},
              "t": {"type": "TimeInterval", "default": 1, "intents": true},
              "id": {"type": "UUID", "default": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "intents": "read"},
              "when": {"type": "Date", "default": "2025-01-01T00:00:00Z", "intents": true},
              "url": {"type": "URL?", "intents": true}
            }}
            """).source)
        #expect(source.contains("static func setI8(_ value: Int) { Defaults[.i8] = Int8(clamping: value) }"))
        #expect(source.contains("@Parameter(title: \"I8\", default: 1, inclusiveRange: (-128, 127))"))
        #expect(source.contains("static func getU64() -> Int { Int(clamping: Defaults[.u64]) }"))
        #expect(source.contains("inclusiveRange: (0, 9223372036854775807)"))
        #expect(source.contains("static func setF(_ value: Double) { Defaults[.f] = Float(value) }"))
        #expect(source.contains("static func setCg(_ value: Double) { Defaults[.cg] = CGFloat(value) }"))
        #expect(source.contains("static func setT(_ value: Foundation.TimeInterval) { Defaults[.t] = value }"))
        #expect(source.contains("static func getId() -> String { Defaults[.id].uuidString }"))
        // A date parameter takes no default (App Intents has none for it).
        #expect(source.contains("@Parameter(title: \"When\")\n    @MainActor var value: Foundation.Date"))
        #expect(source.contains("@Parameter(title: \"T\", default: 1.0)"))
        #expect(source.contains("static func clearUrl() { Defaults[.url] = nil }"))
        #expect(source.contains("ReturnsValue<Foundation.URL?>"))
    }

    /// The reference's provider offers at most `"appShortcuts"` App Shortcuts (5 unless the schema says, never more
    /// than Apple's 10): keys with `"shortcut": true` first, then schema order; `false` never. Counted from the
    /// reference's text. (It offered one per key with intents: 21 for a 23-key schema.)
    @Test func theReferenceOffersAtMostTheConfiguredNumberOfAppShortcuts() throws {
        func schema(_ count: Int, extra: String = "", top: String = "") -> String {
            let keys = (0..<count).map { #""k\#($0)": {"type": "Int", "default": 1, "intents": true}"# }
            return #"{\#(top)"keys": {\#((keys + (extra.isEmpty ? [] : [extra])).joined(separator: ", "))}}"#
        }
        func offered(_ text: String) throws -> [String] {
            let output = generate(text)
            let parsed = try #require(output.schema, "\(output.diagnostics)")
            let reference = SettingsReferenceRenderer(sourceName: "defaults.json", namespace: "Test").render(parsed)
            return reference.split(separator: "\n").compactMap { line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("intent: "), trimmed.hasSuffix("Intent(),") else { return nil }
                return String(trimmed.dropFirst("intent: ".count).dropLast("Intent(),".count))
            }
        }
        #expect(try offered(schema(23)) == ["GetK0", "GetK1", "GetK2", "GetK3", "GetK4"])
        #expect(try offered(schema(23, top: #""appShortcuts": 10, "#)).count == 10)
        #expect(try offered(schema(3, top: #""appShortcuts": 0, "#)) == [])
        let favoured = #""last": {"type": "Bool", "default": true, "intents": true, "shortcut": true}"#
        #expect(try offered(schema(23, extra: favoured)) == ["ToggleLast", "GetK0", "GetK1", "GetK2", "GetK3"])
        let left = #"{"appShortcuts": 2, "keys": {"a": {"type": "Int", "default": 1, "intents": true, "shortcut": false}, "b": {"type": "Int", "default": 1, "intents": true}, "c": {"type": "Int", "default": 1, "intents": true}}}"#
        #expect(try offered(left) == ["GetB", "GetC"])
        let reference = SettingsReferenceRenderer(sourceName: "defaults.json", namespace: "Test").render(try #require(generate(left).schema))
        #expect(reference.contains("Intents only, with no App Shortcut (Shortcuts still offers them): `a`."))
    }

    @Test(arguments: [
        (#"{"appShortcuts": 11, "keys": {"a": 1}}"#,
         #"1:18: error: "appShortcuts" must be an integer from 0 to 10 (how many App Shortcuts the reference's provider offers; Apple allows an app 10 in all), not an integer"#),
        (#"{"keys": {"a": {"type": "Int", "default": 1, "shortcut": true}}}"#,
         #"1:58: error: "a" has "shortcut" but no "intents": an App Shortcut runs one of the key's intents; give it "intents", or remove "shortcut""#),
        (#"{"keys": {"a": {"type": "Int", "default": 1, "intents": true, "shortcut": 1}}}"#,
         #"1:75: error: "shortcut" of "a" must be true (an App Shortcut first in the reference's provider) or false (intents only), not an integer"#),
        (#"{"keys": {"a": {"type": "Int", "default": 1, "parameter": {"name": "id", "type": "String"}, "key": "a.{id}", "shortcut": true}}}"#,
         #"1:122: error: "a" is a key family ("parameter"), which has no App Intents, so no App Shortcut either; remove "shortcut""#),
        (#"{"appShortcuts": 1, "keys": {"a": {"type": "Int", "default": 1, "intents": true, "shortcut": true}, "b": {"type": "Int", "default": 1, "intents": true, "shortcut": true}}}"#,
         #"1:165: error: "b" asks for an App Shortcut ("shortcut": true), one of 2, but the reference offers at most 1 ("appShortcuts", at most 10: Apple's limit per app, shared with the app's own shortcuts); remove "shortcut" from some keys, or raise "appShortcuts""#),
    ])
    func shortcutFieldsAreCheckedAndLocated(schema: String, message: String) {
        let output = generate(schema)
        #expect(output.source == nil)
        #expect(output.diagnostics.map(\.description) == [message])
    }

    /// Keys whose names differ only in their first letter's case would declare the same intents and functions:
    /// an error at both keys, not a compile error in generated Swift. (The generator exited 0.)
    @Test func generatedNamesThatCollideAreLocatedAtBothKeys() {
        let output = generate(#"{"keys": {"autoplay": {"type": "Bool", "default": true, "intents": true}, "Autoplay": {"type": "Bool", "default": true, "intents": "read"}}}"#)
        #expect(output.source == nil)
        #expect(output.diagnostics.map(\.description) == [
            #"1:68: error: the App Intents of "autoplay" and "Autoplay" would both declare `GetAutoplayIntent`: rename one key (its "key" keeps the stored name), or remove "intents" from one"#,
            #"1:132: error: the App Intents of "Autoplay" and "autoplay" would both declare `GetAutoplayIntent`: rename one key (its "key" keeps the stored name), or remove "intents" from one"#,
        ])
        let taken = generate(#"{"settingsClass": "GetThemeIntent", "keys": {"theme": {"type": "Int", "default": 1, "intents": true}}}"#)
        #expect(taken.source == nil)
        #expect(taken.diagnostics.map(\.description) == [
            #"1:96: error: the App Intents of "theme" would declare `GetThemeIntent`, a name the schema gives a type, the settings class or view: rename the key or that type, or remove "intents""#,
        ])
    }

    /// Under default MainActor isolation an intent type's conformance would be isolated to the main actor, and App
    /// Intents makes intents off it: every intent type is `nonisolated` (compiled for iOS, used from nonisolated
    /// code, in `ConsumerConfigurations` by `.ci/apple`). "Get" intents speak the value; a URL parameter has no
    /// default (no literal makes a `URL`).
    @Test func intentsAreNonisolatedGetIntentsSpeakAndURLParametersHaveNoDefault() throws {
        let source = try #require(generate(#"{"keys": {"a": {"type": "Bool", "default": true, "intents": true}, "u": {"type": "URL", "default": "https://example.com", "intents": true}}}"#).source)
        for name in ["GetAIntent", "SetAIntent", "ToggleAIntent", "GetUIntent", "SetUIntent"] {
            #expect(source.contains("nonisolated struct \(name): AppIntent"), "\(name)")
        }
        // A parameter's storage cannot be nonisolated: it is the main actor's, and `perform()` reads it from there.
        #expect(source.contains("@MainActor var value: Bool") && source.contains("IntentActions.setA(await value)"))
        #expect(source.contains("some IntentResult & ReturnsValue<Bool> & ProvidesDialog"))
        #expect(source.contains(#"return .result(value: value, dialog: IntentDialog("A is \(DefaultsKeys.Test.IntentActions.spokenA(value))"))"#))
        #expect(source.contains(#"@Parameter(title: "U")"#), "no URL(string:)! default")
    }
}
