extension SchemaValidator {
    /// The members a generated settings class has besides one property per key.
    static let settingsClassMembers: Set<String> = ["store", "reset"]

    /// Checks `settingsClass`: a Swift type name that no generated or library type, and no key, already uses;
    /// and no key named like one of the class's own members.
    func checkSettingsClass(
        _ name: String, at location: SchemaLocation, keys: [RawKey], typeNames: [String], diagnostics: inout Diagnostics
    ) {
        if !SwiftNames.isUsableIdentifier(name) {
            diagnostics.error(location, "\"\(name)\" cannot name the settings class; use a Swift type name such as \"AppSettings\"")
        } else if typeNames.contains(name) {
            diagnostics.error(location, "the settings class \"\(name)\" has the name of an enum or a type declared in the schema; choose another name")
        } else if name == namespace || ["DefaultsKeys", "DefaultsKey", "Defaults", "Default", "DefaultsStore"].contains(name) {
            diagnostics.error(location, "the settings class \"\(name)\" collides with a generated or library type; choose another name")
        } else if let key = keys.first(where: { $0.identifier == name }) {
            diagnostics.error(location, "the settings class \"\(name)\" has the name of the key at \(key.nameLocation); choose another name")
        }
        for key in keys where Self.settingsClassMembers.contains(key.identifier) {
            diagnostics.error(key.nameLocation, "the key \"\(key.identifier)\" would collide with the settings class's own \"\(key.identifier)\"; choose another name and keep the stored string with \"key\": \"\(key.identifier)\"")
        }
    }
}
