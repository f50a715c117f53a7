import DefaultsSchema
import Foundation
import Testing

/// `"keyList"` names the key list whatever the target is called, and wins over the name the plugins pass.
@Suite struct KeyListTests {
    @Test func theSchemasKeyListWinsOverTheTargetsName() throws {
        let output = generate(#"{"keyList": "AppSettings", "suite": "group.a", "retired": ["old"], "keys": {"count": 0}}"#, namespace: "WidgetExtension")
        let source = try #require(output.source, "\(output.diagnostics)")
        #expect(output.schema?.keyList == "AppSettings")
        #expect(source.contains("enum AppSettings {"))
        #expect(source.contains("suite: DefaultsKeys.AppSettings.suiteName"))
        #expect(source.contains("static func removeRetiredValues(from store: DefaultsStore = .standard)"))
        #expect(!source.contains("WidgetExtension"))
        // Without it, the target's name, as before.
        #expect(try #require(generate(#"{"keys": {"count": 0}}"#, namespace: "WidgetExtension").source).contains("enum WidgetExtension {"))
    }

    @Test(arguments: [
        (#"{"keyList": 3, "keys": {}}"#, #"1:13: error: "keyList" must be a string naming the key list, such as "AppSettings" (DefaultsKeys.AppSettings.all)"#),
        (#"{"keyList": "app-settings", "keys": {}}"#, #"1:13: error: "app-settings" cannot name the key list; use a Swift type name such as "AppSettings" (DefaultsKeys.AppSettings.all)"#),
        (#"{"keyList": "DefaultsStore", "keys": {}}"#, #"1:13: error: the key list "DefaultsStore" would shadow TypedDefaults's DefaultsStore; choose another name, such as "AppSettings""#),
        (#"{"keyList": "Prefs", "settingsClass": "Prefs", "keys": {"a": 1}}"#, #"1:39: error: the settings class "Prefs" collides with a generated or library type; choose another name"#),
        (#"{"keyList": "Prefs", "keys": {"Prefs": 1}}"#, #"1:31: error: "Prefs" collides with the key list DefaultsKeys.Prefs; choose another name and keep the stored string with "key": "Prefs""#),
    ])
    func aBadKeyListIsALocatedError(schema: String, message: String) {
        let output = generate(schema)
        #expect(output.source == nil)
        #expect(output.diagnostics.map(\.description).contains(message), "\(output.diagnostics.map(\.description))")
    }
}
