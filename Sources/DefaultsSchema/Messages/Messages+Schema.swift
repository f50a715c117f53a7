extension Messages {
    /// The schema's top-level fields: `$schema`, `access`, `keyList`, `keyPrefix`, `namespaces`, `keys`, `retired`.
    enum Schema {
        /// When the schema itself is not an object.
        static func schemaNotObject(kind: String) -> String { "the schema must be a JSON object with a \"keys\" object, not \(kind)" }

        static func unknownTopLevelField(_ name: String, allowed: [String]) -> String {
            Suggestions.unknownField(name, in: "the schema", allowed: allowed)
        }

        /// When a field that takes a string is given something else.
        static func fieldNotString(_ field: String, kind: String) -> String { "\"\(field)\" must be a string, not \(kind)" }

        static func schemaURLNotString() -> String { "\"$schema\" must be a string (the path or URL of defaults.schema.json)" }

        static func accessNotLevel() -> String { "\"access\" must be \"internal\", \"public\" or \"package\"" }

        // MARK: The key list

        static func keyListNotString() -> String { "\"keyList\" must be a string naming the key list, such as \"AppSettings\" (DefaultsKeys.AppSettings.all)" }

        static func keyListNotTypeName(_ name: String) -> String { "\"\(name)\" cannot name the key list; use a Swift type name such as \"AppSettings\" (DefaultsKeys.AppSettings.all)" }

        /// When the key list would be named like a type of `module`.
        static func keyListShadows(_ name: String, module: String) -> String { "the key list \"\(name)\" would shadow \(module)'s \(name); choose another name, such as \"AppSettings\"" }

        /// When the namespace the key list is generated under (no `keyList`: the CLI's or plugin's) is unusable.
        static func namespaceNotIdentifier(_ namespace: String) -> String { "the namespace \"\(namespace)\" is not a Swift identifier; pass --namespace NAME" }

        // MARK: Keys and their prefix

        static func keyPrefixNotString(kind: String) -> String { "\"keyPrefix\" must be a string, not \(kind)" }

        static func missingKeys() -> String { "missing \"keys\"; add \"keys\": { \"name\": { \"type\": \"Int\", \"default\": 0 } }" }

        static func keysNotObject(kind: String) -> String { "\"keys\" must be an object of key declarations, not \(kind)" }

        static func keysEmpty() -> String { "\"keys\" is empty; nothing will be generated but the key list" }

        /// When `keyPrefix` puts '.' or '@' in the stored names of app-group keys, which other processes then cannot
        /// be observed changing.
        static func unobservableKeyPrefix(_ prefix: String, appGroup: String, observable: String) -> String {
            """
            "keyPrefix" "\(prefix)" puts '.' or '@' in the names of keys in the app group "\(appGroup)": changes \
            that other processes (a widget, an extension) make to them cannot be observed on Apple platforms; use \
            "\(observable)", and list each old name in "renamedFrom" to keep users' values
            """
        }

        // MARK: Retired names

        static func retiredNotArray() -> String { "\"retired\" must be an array of stored names that no key uses any more, such as [\"oldSetting\"]" }

        static func retiredEntryEmpty() -> String { "each entry of \"retired\" must be a non-empty stored name" }

        /// When a retired name is a key's stored name.
        static func retiredButStored(_ name: String, key: String) -> String { "\"\(name)\" is retired but the key \"\(key)\" stores its value there; remove it from \"retired\"" }

        /// When a retired name is one a key migrates from.
        static func retiredButMigrated(_ name: String, key: String) -> String { "\"\(name)\" is retired but the key \"\(key)\" migrates its value (\"renamedFrom\"); remove it from \"retired\"" }

        static func retiredTwice(_ name: String) -> String { "\"\(name)\" is listed twice in \"retired\"; remove the repetition" }
    }
}
