extension SchemaValidator {
    /// Checks the name of a type the schema declares (an enum, a record type, a namespace): a Swift type name,
    /// possibly nested (`Preference.Theme`), whose own name shadows no generated, library, standard library or
    /// Foundation type.
    func checkTypeName(_ name: String, at location: SchemaLocation, what: String, example: String, diagnostics: inout Diagnostics) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let nested = NestedTypeName(name)
        if let bad = parts.first(where: { !SwiftNames.isUsableIdentifier($0) }) {
            let detail = parts.count > 1 ? " (\"\(bad)\" is not a Swift type name)" : ""
            diagnostics.error(location, "\"\(name)\" cannot name \(what)\(detail); use a Swift type name such as \"\(example)\", or a nested one such as \"Preference.\(example)\"")
        } else if nested.outer == nil && name == namespace {
            diagnostics.error(location, "the name \"\(name)\" of \(what) is the name of the key list (DefaultsKeys.\(namespace)); choose another name")
        } else if RuntimeNames.libraryTypes.contains(parts[0]) {
            diagnostics.error(location, "the name \"\(name)\" of \(what) \(parts.count > 1 ? "is nested in" : "collides with") the library's type \(parts[0]); choose another name")
        } else if let shadowed = RuntimeNames.shadowedModule(of: nested.inner) {
            diagnostics.error(location, "the name \"\(name)\" of \(what) would shadow \(shadowed)'s type \(nested.inner) in this module; choose another name, such as \"\(nested.outer.map { $0 + "." } ?? "")App\(nested.inner)\"")
        } else {
            return true
        }
        return false
    }
}
