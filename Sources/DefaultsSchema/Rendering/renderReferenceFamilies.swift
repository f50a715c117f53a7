extension SettingsReferenceRenderer {
    /// The key families, one row each: the name template each member is stored under, its parameter, and what
    /// every member reads. Empty for a schema without families, whose reference stays as it was.
    func familiesSection(_ schema: Schema) -> String {
        guard !schema.families.isEmpty else { return "" }
        var text = "\n## Key families\n\n"
        text += "Settings stored once per widget, account or document: each member under the name template with its parameter "
        text += "written in place of `{…}` (`selectedCalendars_{widgetID}` and widget `42`: `selectedCalendars_42`).\n\n"
        text += "| setting | stored as | parameter | type | default | range | description | deprecated |\n"
        text += "|---|---|---|---|---|---|---|---|\n"
        for family in schema.families {
            let key = family.key
            text += "| \(cell(key.title)) (`\(cell(key.identifier))(\(cell(family.parameterName)):)`) | `\(cell(family.nameTemplate))` "
            text += "| `\(cell(family.parameterName))`: `\(family.parameterType.rawValue)` | `\(cell(key.type.description))` "
            text += "| \(defaultText(key)) | \(rangeText(key)) | \(cell(key.description ?? "")) | \(cell(key.deprecationMessage ?? "")) |\n"
        }
        return text
    }
}
