import DefaultsFormats

extension Messages {
    /// The generated settings class (`settingsClass`).
    enum SettingsClass {
        /// When the class's name is no Swift type name.
        static func unusableSettingsClassName(_ name: String) -> String { "\"\(name)\" cannot name the settings class; use a Swift type name such as \"AppSettings\"" }

        static func settingsClassNamedLikeSchemaType(_ name: String) -> String { "the settings class \"\(name)\" has the name of an enum or a type declared in the schema; choose another name" }

        static func settingsClassCollidesWithType(_ name: String) -> String { "the settings class \"\(name)\" collides with a generated or library type; choose another name" }

        static func settingsClassNamedLikeKey(_ name: String, keyLocation: SchemaLocation) -> String { "the settings class \"\(name)\" has the name of the key at \(keyLocation); choose another name" }

        /// When a key is named like one of the class's own members (`store`, `reset`).
        static func keyNamedLikeSettingsClassMember(_ identifier: String) -> String { "the key \"\(identifier)\" would collide with the settings class's own \"\(identifier)\"; choose another name and keep the stored string with \"key\": \"\(identifier)\"" }
    }
}
