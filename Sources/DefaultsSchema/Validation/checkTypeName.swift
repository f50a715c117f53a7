import DefaultsFormats

extension SchemaValidator {
    /// Checks the name of a type the schema declares (an enum, a record type, a namespace): a Swift type name,
    /// possibly nested (`Preference.Theme`), whose own name shadows no generated, library, standard library or
    /// Foundation type.
    func checkTypeName(_ name: String, at location: SchemaLocation, what: String, example: String, diagnostics: inout Diagnostics) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let nested = NestedTypeName(name)
        if let bad = parts.first(where: { !SwiftNames.isUsableIdentifier($0) }) {
            diagnostics.error(location, Messages.TypeNames.unusable(name, what: what, example: example, badPart: bad))
        } else if nested.outer == nil && name == namespace {
            diagnostics.error(location, Messages.TypeNames.isKeyList(name, what: what, keyList: namespace))
        } else if RuntimeNames.libraryTypes.contains(parts[0]) {
            diagnostics.error(location, Messages.TypeNames.takesLibraryType(name, what: what, libraryType: parts[0]))
        } else if let shadowed = RuntimeNames.shadowedModule(of: nested.inner) {
            let message = Messages.TypeNames.shadows(name, what: what, module: shadowed, outer: nested.outer,
                                                     inner: nested.inner)
            diagnostics.error(location, message)
        } else {
            return true
        }
        return false
    }
}
