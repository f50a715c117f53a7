extension Messages {
    /// App Intents generated for a key (`"intents"`).
    enum Intents {
        static func notAccess(kind: String) -> String {
            "\"intents\" must be true (read and change the setting from Shortcuts, Siri and Spotlight), \"read\" (read it only) or false, not \(kind)"
        }

        static func family(_ name: String) -> String {
            "\"\(name)\" is a key family (\"parameter\"), whose members are known only at run time, so it cannot have App Intents; remove \"intents\", and write an intent of the app's own that takes the member's parameter"
        }

        static func writeOfManagedKey(_ name: String) -> String {
            "\"\(name)\" is managed: while an administrator sets it, a \"Set\" intent would change nothing the app reads; give \"intents\": \"read\""
        }

        static func deprecatedKey(_ name: String) -> String {
            "\"\(name)\" is deprecated: its intents would warn wherever they compile; remove \"intents\""
        }

        static func unsupportedType(_ name: String, type: SchemaType) -> String {
            "App Intents has no parameter for \"\(name)\" of type \(type): intents take Bool, integers, Float, Double, String, Date, URL, enums declared with \"cases\", and arrays and optionals of those; remove \"intents\""
        }

        static func writeOfUUID(_ name: String) -> String {
            "\"\(name)\" is a UUID, which the app makes and people do not type: give \"intents\": \"read\" (its intent returns the UUID's text)"
        }

        static func standardSuiteBesideAppGroups(_ names: [String], appGroup: String) -> String {
            let keys = names.count == 1 ? "\"\(names[0])\" lives" : "\(names.count) keys with intents (\(names.map { "\"\($0)\"" }.joined(separator: ", "))) live"
            return "\(keys) in the standard suite, and an intent that runs in an extension (a widget's, an App Intents extension) writes that extension's own standard suite, which the app never reads; give them \"suite\": \"\(appGroup)\" to share them, or keep their intents in the app target"
        }
    }
}
