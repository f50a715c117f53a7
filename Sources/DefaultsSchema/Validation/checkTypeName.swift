extension SchemaValidator {
    /// Checks the name of a type the schema declares (an enum, a record type): a Swift type name that no
    /// generated, library or built-in type uses.
    func checkTypeName(_ name: String, at location: SchemaLocation, what: String, example: String, diagnostics: inout Diagnostics) -> Bool {
        if name.contains(".") {
            diagnostics.error(location, "the name \"\(name)\" of \(what) cannot contain '.'; the type is generated in this module")
        } else if !SwiftNames.isUsableIdentifier(name) {
            diagnostics.error(location, "\"\(name)\" cannot name \(what); use a Swift type name such as \"\(example)\"")
        } else if name == namespace || RuntimeNames.libraryTypes.contains(name) || RuntimeNames.standardLibraryTypes.contains(name)
                    || BuiltinType(rawValue: name) != nil {
            diagnostics.error(location, "the name \"\(name)\" of \(what) collides with a generated, library or built-in type; choose another name")
        } else {
            return true
        }
        return false
    }

}
