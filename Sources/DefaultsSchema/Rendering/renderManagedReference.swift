extension SettingsReferenceRenderer {
    /// The reference's "Managed settings" section, for the administrators who configure the app through MDM: each
    /// managed key (`"managed": true`) under the name to give in the managed app configuration, its type and default,
    /// and the AppConfig type the specfile (`--appconfig`) declares it with. Empty when no key is managed, so a
    /// schema without managed keys keeps its reference as it was.
    func managedSection(_ schema: Schema) -> String {
        let managed = schema.keys.filter(\.managed)
        guard !managed.isEmpty else { return "" }
        let enums = schema.enumsByName
        var text = "\n## Managed settings\n\n"
        text += "An administrator can set these through MDM: give the value under its key in the app's managed configuration "
        text += "(AppConfig; on macOS, a configuration profile's forced preference also counts). The app then reads the "
        text += "administrator's value, shows the setting disabled, and ignores changes to it; the user's own value returns "
        text += "when the administrator's is removed. A value that does not read as the setting's type (or lies outside its "
        text += "range) is ignored and logged.\n\n"
        text += "| key in the configuration | setting | type | default | description | AppConfig type |\n"
        text += "|---|---|---|---|---|---|\n"
        for key in managed {
            let appConfigType: String
            switch AppConfigField.forKey(key, enums: enums) {
            case .success(let field): appConfigType = "`\(field.element)`"
            case .failure: appConfigType = "none: a custom property list"
            }
            text += "| `\(cell(key.storedName))` | \(cell(key.title)) (`\(cell(key.identifier))`) | `\(cell(key.type.description))` "
            text += "| \(defaultText(key)) | \(cell(key.description ?? "")) | \(appConfigType) |\n"
        }
        return text
    }
}
