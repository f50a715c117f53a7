extension Messages {
    /// The names of the types a schema declares: enums, record types, namespaces.
    enum TypeNames {
        /// When a name is not a Swift type name; `badPart` is the part of a nested name that is not.
        static func unusable(_ name: String, what: String, example: String, badPart: String) -> String {
            let detail = name.contains(".") ? " (\"\(badPart)\" is not a Swift type name)" : ""
            return "\"\(name)\" cannot name \(what)\(detail); use a Swift type name such as \"\(example)\", or a nested one such as \"Preference.\(example)\""
        }

        static func isKeyList(_ name: String, what: String, keyList: String) -> String { "the name \"\(name)\" of \(what) is the name of the key list (DefaultsKeys.\(keyList)); choose another name" }

        /// When a name is, or is nested in, a type of the library.
        static func takesLibraryType(_ name: String, what: String, libraryType: String) -> String { "the name \"\(name)\" of \(what) \(name.contains(".") ? "is nested in" : "collides with") the library's type \(libraryType); choose another name" }

        /// When a name's innermost part is the name of a type of `module`.
        static func shadows(_ name: String, what: String, module: String, outer: String?, inner: String) -> String { "the name \"\(name)\" of \(what) would shadow \(module)'s type \(inner) in this module; choose another name, such as \"\(outer.map { $0 + "." } ?? "")App\(inner)\"" }

        /// When a record type is named like an enum that a key declares.
        static func recordAlsoEnum(_ name: String) -> String { "the type \"\(name)\" is also an enum declared by \"cases\"; give one of them another name" }

        static func declaredTwice(_ name: String) -> String { "the type \"\(name)\" is declared twice; remove one" }
    }
}
