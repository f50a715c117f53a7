extension Messages {
    /// App Intents generated for a key (`"intents"`).
    enum Intents {
        static func notAccess(_ name: String, kind: String) -> String {
            "\"intents\" of \"\(name)\" must be true (read and change the setting from Shortcuts, Siri and Spotlight), \"read\" (read it only) or false, not \(kind)"
        }

        static func shortcutNotBool(_ name: String, kind: String) -> String {
            "\"shortcut\" of \"\(name)\" must be true (an App Shortcut first in the reference's provider) or false (intents only), not \(kind)"
        }

        static func shortcutOfFamily(_ name: String) -> String {
            "\"\(name)\" is a key family (\"parameter\"), which has no App Intents, so no App Shortcut either; remove \"shortcut\""
        }

        static func shortcutWithoutIntents(_ name: String) -> String {
            "\"\(name)\" has \"shortcut\" but no \"intents\": an App Shortcut runs one of the key's intents; give it \"intents\", or remove \"shortcut\""
        }

        static func tooManyShortcuts(_ name: String, asked: Int, limit: Int) -> String {
            "\"\(name)\" asks for an App Shortcut (\"shortcut\": true), one of \(asked), but the reference offers at most \(limit) (\"appShortcuts\", at most \(AppShortcutChoice.appleLimit): Apple's limit per app, shared with the app's own shortcuts); remove \"shortcut\" from some keys, or raise \"appShortcuts\""
        }

        static func appShortcutsNotCount(kind: String) -> String {
            "\"appShortcuts\" must be an integer from 0 to \(AppShortcutChoice.appleLimit) (how many App Shortcuts the reference's provider offers; Apple allows an app 10 in all), not \(kind)"
        }

        static func sameGeneratedName(_ name: String, other: String, generated: String) -> String {
            "the App Intents of \"\(name)\" and \"\(other)\" would both declare `\(generated)`: rename one key (its \"key\" keeps the stored name), or remove \"intents\" from one"
        }

        static func nameTakenByType(_ name: String, generated: String) -> String {
            "the App Intents of \"\(name)\" would declare `\(generated)`, a name the schema gives a type, the settings class or view: rename the key or that type, or remove \"intents\""
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
