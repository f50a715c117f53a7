@testable import DefaultsSchema
import Testing

/// Apple's colour types as schema types: `Color` (also `SwiftUI.Color`), `CGColor`, `UIColor`; their sRGB hex
/// defaults; a type the schema or the module declares named `Color`; what is refused, each at its place.
@Suite struct ColorTypesSchemaTests {
    @Test func colorNamesAreApplesTypesWithHexDefaults() throws {
        let output = generate(##"""
            {"keys": {
              "a": {"type": "Color", "default": "#ff8000"},
              "b": {"type": "SwiftUI.Color?"},
              "c": {"type": "CGColor", "default": "#00000080"},
              "d": {"type": "[UIColor]", "default": ["#FFFFFF"]}
            }}
            """##)
        let schema = try #require(output.schema, "\(output.diagnostics)")
        #expect(schema.keys.map(\.type) == [.builtin(.color), .optional(.builtin(.color)), .builtin(.cgColor), .array(.builtin(.uiColor))])
        #expect(schema.keys[0].defaultValue == .color(.color, [1, 128.0 / 255, 0, 1]))
        #expect(schema.keys[2].defaultValue == .color(.cgColor, [0, 0, 0, 128.0 / 255]))
        let source = try #require(output.source)
        #expect(source.contains("static let a = DefaultsKey<SwiftUI.Color>(\n        \"a\",\n        default: SwiftUI.Color(.sRGB, red: 1.0, green: 0.5019607843137255, blue: 0.0, opacity: 1.0)\n    )"))
        #expect(source.contains("#if canImport(SwiftUI)\n    /// Stored as \"b\"; `nil` when not set.\n    static let b = DefaultsKey<SwiftUI.Color?>(\"b\")\n    #endif"))
        #expect(source.contains("default: [UIColor(red: 1.0, green: 1.0, blue: 1.0, alpha: 1.0)]"))
    }

    /// A type named `Color` that the schema declares (an enum, a record type) is that type, not SwiftUI's; so is a
    /// key with `rawType` (the module's own RawRepresentable type); the module's own `Color` without `rawType` is
    /// reached by its qualified name.
    @Test func aDeclaredTypeNamedColorWins() throws {
        let output = generate(##"""
            {"types": {"CGColor": {"fields": {"name": {"type": "String", "default": ""}}}},
             "keys": {
              "theme": {"type": "Color", "cases": ["red", "green"], "default": "green"},
              "themes": {"type": "[Color]", "default": ["red"]},
              "legacy": {"type": "CGColor?"},
              "tag": {"type": "UIColor", "rawType": "String", "default": "blue"},
              "mine": {"type": "MyApp.Color?"}
            }}
            """##)
        let schema = try #require(output.schema, "\(output.diagnostics)")
        #expect(schema.keys.map(\.type) == [.enumeration("Color"), .array(.enumeration("Color")), .optional(.record("CGColor")),
                                            .custom("UIColor"), .optional(.custom("MyApp.Color"))])
        let source = try #require(output.source)
        #expect(!source.contains("canImport"), "no key of Apple's colour types")
        #expect(source.contains("static let theme = DefaultsKey<Color>(\"theme\", default: .green)"))
    }

    @Test(arguments: [
        (##"{"keys": {"a": {"type": "Color", "default": "orange"}}}"##,
         ##"1:45: error: "orange" is not a colour; write it as sRGB hex, "#RRGGBB" or "#RRGGBBAA" (alpha last), such as "#FF8000" or "#FF800080""##),
        (##"{"keys": {"a": {"type": "CGColor", "default": "#FF80"}}}"##,
         ##"1:47: error: "#FF80" is not a colour; write it as sRGB hex, "#RRGGBB" or "#RRGGBBAA" (alpha last), such as "#FF8000" or "#FF800080""##),
        (##"{"keys": {"a": {"type": "Color", "default": "#GG8000"}}}"##,
         ##"1:45: error: "#GG8000" is not a colour; write it as sRGB hex, "#RRGGBB" or "#RRGGBBAA" (alpha last), such as "#FF8000" or "#FF800080""##),
        (##"{"keys": {"a": {"type": "UIColor", "default": [1, 0.5, 0, 1]}}}"##,
         ##"1:47: error: the default must be an sRGB hex string such as "#FF8000" for type UIColor, not an array"##),
        (##"{"keys": {"a": {"type": "NSColor?"}}}"##,
         ##"1:26: error: invalid type "NSColor?": NSColor is not a schema type (the library gives it no DefaultsSerializable conformance); use "Color" or "CGColor", which read archived NSColor data and store the same colour"##),
        (##"{"types": {"R": {"fields": {"tint": {"type": "Color?"}}}}, "keys": {"r": {"type": "R?"}}}"##,
         ##"1:46: error: a record field cannot be SwiftUI.Color?, which exists only on Apple platforms; make it a key of its own, or store the colour's hex string ("String")"##),
        (##"{"keys": {"tint": {"type": "Color", "default": "#FFFFFF", "parameter": "widgetID"}}}"##,
         ##"1:28: error: a key family cannot hold SwiftUI.Color, which exists only on Apple platforms; declare one key per value, or store the colour's hex string ("String")"##),
    ])
    func badColorKeysAreLocatedErrors(schema: String, message: String) {
        let output = generate(schema)
        #expect(output.source == nil)
        #expect(output.diagnostics.map(\.description).contains(message), "\(output.diagnostics.map(\.description))")
    }

    /// The three types store one form and read each other's: compatible; a colour and any other type: a build error.
    @Test func theReleaseCheckerKnowsColors() throws {
        var record = ReleaseRecord()
        let version1 = try #require(generate(##"{"keys": {"tint": {"type": "Color", "default": "#FF8000"}, "name": {"type": "String", "default": ""}}}"##).schema)
        record.record(Release(version: "1.0", schema: version1))
        func diagnostics(_ version2: String) -> [String] {
            let output = DefaultsKeysGenerator(namespace: "Test").generate(schema: Array(version2.utf8), sourceName: "defaults.json",
                                                                          releases: Array(record.fileText.utf8))
            #expect(output.releaseFileDiagnostics.isEmpty, "the recorded file reads back")
            return output.diagnostics.map(\.description)
        }
        #expect(diagnostics(##"{"keys": {"tint": {"type": "CGColor", "default": "#FF8000"}, "name": {"type": "String", "default": ""}}}"##) == [])
        #expect(diagnostics(##"{"keys": {"tint": {"type": "UIColor?"}, "name": {"type": "String", "default": ""}}}"##).allSatisfy { !$0.contains("error") })
        #expect(diagnostics(##"{"keys": {"tint": {"type": "String", "default": ""}, "name": {"type": "String", "default": ""}}}"##).contains { $0.contains("error: release 1.0 stored \"tint\" as SwiftUI.Color; as String, users would lose it: a stored SwiftUI.Color is not readable as String") })
        #expect(diagnostics(##"{"keys": {"tint": {"type": "Color", "default": "#FF8000"}, "name": {"type": "Color", "default": "#FFFFFF"}}}"##).contains { $0.contains("a stored String is not readable as SwiftUI.Color") })
    }

    /// The other outputs: the reference gives the hex and a `defaults write` command that stores the colour's form;
    /// AppConfig leaves a managed colour out with a warning; the Settings bundle refuses one at its place.
    @Test func referenceAppConfigAndSettingsBundleKnowColors() throws {
        let output = generate(##"""
            {"keys": {
              "flag": {"type": "Bool", "default": true, "managed": true},
              "brand": {"type": "Color", "default": "#FF8000", "managed": true}
            }}
            """##)
        let schema = try #require(output.schema, "\(output.diagnostics)")
        let reference = SettingsReferenceRenderer(sourceName: "defaults.json", namespace: "Test").render(schema)
        #expect(reference.contains("| Brand (`brand`) | `brand` | `SwiftUI.Color` | `#FF8000` (sRGB) |"))
        #expect(reference.contains("defaults write DOMAIN 'brand' '(kCGColorSpaceSRGB, (1, 0.5019607843137255, 0, 1))'"))
        let spec = AppConfigSpecRenderer(sourceName: "defaults.json", bundleID: "com.example.app").render(schema)
        #expect(spec.warnings.map(\.description) == [
            ##"3:3: warning: the managed key "brand" is left out of the AppConfig specfile: AppConfig has no type for Color; administrators can still set it as SwiftUI.Color under "brand" in a custom configuration"##,
        ])
        let bundle = generate(##"{"settingsBundle": {"groups": [{"keys": ["brand"]}]}, "keys": {"brand": {"type": "Color", "default": "#FF8000"}}}"##)
        #expect(bundle.diagnostics.map(\.description).contains(##"1:42: error: the Settings app cannot show "brand" of type SwiftUI.Color; it shows Bool, String, numbers and enums with a default"##),
                "\(bundle.diagnostics.map(\.description))")
    }

    /// Without groups, the settings view shows `Color` and `CGColor` keys (optional ones too) and leaves `UIColor` out.
    @Test func theSettingsViewEditsColorAndCGColor() throws {
        let output = generate(##"""
            {"settingsView": {"name": "V"}, "keys": {
              "a": {"type": "Color", "default": "#FF8000"}, "b": {"type": "CGColor?"}, "c": {"type": "UIColor", "default": "#FFFFFF"}
            }}
            """##)
        let source = try #require(output.source, "\(output.diagnostics)")
        #expect(source.contains("ColorPicker(selection: store.binding(.a), supportsOpacity: true) { label(DefaultsKeys.a) }"))
        #expect(source.contains("ColorPicker(selection: cgColor(.b), supportsOpacity: true) { label(DefaultsKeys.b) }"))
        #expect(source.contains("private func cgColor(_ key: DefaultsKey<CGColor?>) -> Binding<CGColor> {"))
        #expect(!source.contains("private func color("))
        #expect(!source.contains("label(DefaultsKeys.c)"))
    }
}
