import DefaultsFormats

extension SchemaValidator {
    /// The members a generated settings class has besides one property per key.
    static let settingsClassMembers: Set<String> = ["store", "reset"]

    /// Checks `settingsClass`: a Swift type name that no generated or library type, and no key, already uses;
    /// and no key named like one of the class's own members.
    func checkSettingsClass(
        _ name: String, at location: SchemaLocation, keys: [RawKey], typeNames: [String], diagnostics: inout Diagnostics
    ) {
        if !SwiftNames.isUsableIdentifier(name) {
            diagnostics.error(location, Messages.SettingsClass.unusableSettingsClassName(name))
        } else if typeNames.contains(name) {
            diagnostics.error(location, Messages.SettingsClass.settingsClassNamedLikeSchemaType(name))
        } else if name == namespace || ["DefaultsKeys", "DefaultsKey", "Defaults", "Default", "DefaultsStore"].contains(name) {
            diagnostics.error(location, Messages.SettingsClass.settingsClassCollidesWithType(name))
        } else if let key = keys.first(where: { $0.identifier == name }) {
            let message = Messages.SettingsClass.settingsClassNamedLikeKey(name, keyLocation: key.nameLocation)
            diagnostics.error(location, message)
        }
        for key in keys where Self.settingsClassMembers.contains(key.identifier) {
            diagnostics.error(key.nameLocation, Messages.SettingsClass.keyNamedLikeSettingsClassMember(key.identifier))
        }
    }
}
