import DefaultsFormats

extension Messages {
    /// The settings screens: `settingsView`, `settingsBundle`, their groups, and the suites the Settings app edits.
    enum SettingsScreens {
        // MARK: settingsView

        static func settingsViewNotAnObject() -> String { "\"settingsView\" must be an object with a \"name\", such as {\"name\": \"AppSettingsView\", \"groups\": [{\"title\": \"General\", \"keys\": [\"showTips\"]}]}" }

        static func settingsViewWithoutName() -> String { "\"settingsView\" needs a \"name\" for the view's type, such as \"AppSettingsView\"" }

        /// When `settingsView` has no `groups` and no key of the schema has a control.
        static func noKeyEditableInSettingsView() -> String { "no key of the schema can be edited by the settings view (it edits Bool, String, numbers, dates, URLs and enums); the view shows an empty form" }

        static func settingsViewGroupsNotNonEmptyArray() -> String { "\"groups\" must be a non-empty array of groups, such as [{\"title\": \"General\", \"keys\": [\"showTips\"]}]; leave it out to show every key the view can edit" }

        static func deprecatedKeyInSettingsView(_ name: String) -> String { "\"\(name)\" is deprecated; a settings view that shows it would warn wherever it compiles: remove it from the group" }

        static func settingsViewCannotEdit(_ name: String, type: SchemaType) -> String { "the settings view cannot edit \"\(name)\" of type \(type): it edits Bool, String, numbers, dates, URLs and enums declared with \"cases\"; remove it from the group (DefaultsEditor shows every key)" }

        /// When the view's name is no Swift type name.
        static func unusableSettingsViewName(_ name: String) -> String { "\"\(name)\" cannot name the settings view; use a Swift type name such as \"AppSettingsView\"" }

        static func settingsViewNamedLikeSchemaType(_ name: String) -> String { "the settings view \"\(name)\" has the name of an enum or a type declared in the schema; choose another name" }

        static func settingsViewNamedLikeSettingsClass(_ name: String) -> String { "the settings view \"\(name)\" has the name of the settings class; choose another name, such as \"\(name)View\"" }

        static func settingsViewCollidesWithType(_ name: String) -> String { "the settings view \"\(name)\" collides with a generated, library or SwiftUI type; choose another name, such as \"AppSettingsView\"" }

        static func settingsViewNamedLikeKey(_ name: String, keyLocation: SchemaLocation) -> String { "the settings view \"\(name)\" has the name of the key at \(keyLocation); choose another name" }

        // MARK: Groups (of either screen)

        static func settingsGroupNotAnObject() -> String { "each group must be an object with \"keys\" (and optionally \"title\" and \"footer\")" }

        /// When a group has no `keys`, or they are no array; `groupName` is "settings group" or "settings view group".
        static func settingsGroupWithoutKeys(groupName: String) -> String { "a \(groupName) needs \"keys\": an array of key names, such as [\"volume\", \"autoplay\"]" }

        /// When an entry of a group's `keys` is no string; `kind` describes what it is.
        static func settingsGroupEntryNotAName(kind: String) -> String { "each entry of \"keys\" must be a key's name, not \(kind)" }

        /// When a group names no key of the schema; `suggestion` is the key it likely means.
        static func unknownKeyInSettingsGroup(_ name: String, suggestion: String?) -> String {
            let hint = suggestion.map { "; did you mean \"\($0)\"?" } ?? ""
            return "the schema has no key \"\(name)\"\(hint)"
        }

        /// When a key is in the groups of a screen (`screen`: "settings bundle", "settings view") a second time.
        static func keyShownTwice(_ name: String, screen: String, firstAt first: SchemaLocation) -> String { "\"\(name)\" is already in the \(screen) (at \(first)); show each key once" }

        // MARK: settingsBundle

        static func settingsBundleNotAnObject() -> String { "\"settingsBundle\" must be an object with \"groups\", such as {\"groups\": [{\"title\": \"General\", \"keys\": [\"showTips\"]}]}" }

        static func settingsBundleGroupsNotNonEmptyArray() -> String { "\"groups\" must be a non-empty array of groups, such as [{\"title\": \"General\", \"keys\": [\"showTips\"]}]" }

        static func settingsAppCannotShow(_ name: String, type: SchemaType) -> String { "the Settings app cannot show \"\(name)\" of type \(type); it shows Bool, String, numbers and enums with a default" }

        static func managedKeyInSettingsBundle(_ name: String) -> String { "\"\(name)\" is managed: while an administrator sets it, the Settings app still lets people edit a value the app ignores; leave it out of \"settingsBundle\", or show it in the app (whose settings view disables it then)" }

        // MARK: The Settings app's suites

        /// When a key of the bundle lives in a suite that the Swift `expression` names at run time.
        static func settingsAppKeyInRunTimeSuite(_ name: String, expression: String) -> String { "\"\(name)\" lives in the suite that \(expression) names at run time, but the Settings app reads a suite named in Root.plist; give the key a literal \"suite\" or leave it out of \"settingsBundle\"" }

        /// When a key of the bundle lives in an app group named after a team identifier.
        static func settingsAppKeyInMacOSAppGroup(_ name: String, suite: String) -> String { "\"\(name)\" lives in \"\(suite)\", an app group of macOS only (named after a team identifier), and the iOS Settings app edits only the app's standard suite and app groups named \"group.…\"; move the key to one of those or leave it out of \"settingsBundle\"" }

        /// When a key of the bundle lives in a named suite that is no app group.
        static func settingsAppKeyInUneditableSuite(_ name: String, suite: String) -> String { "\"\(name)\" lives in the suite \"\(suite)\", which the Settings app cannot edit: it stores values in the app's standard suite or in an app group named \"group.…\" (ApplicationGroupContainerIdentifier); move the key to one of those or leave it out of \"settingsBundle\"" }

        /// When an untitled group's keys in `suite` (`nil`: the standard suite) open a screen of their own.
        static func untitledGroupOnItsOwnScreen(suite: String?, rootSuite: String?, rowTitle: String) -> String {
            let suite = suite.map { "\"\($0)\"" } ?? "the standard suite"
            let root = rootSuite.map { "the app group \"\($0)\"" } ?? "the app's standard suite"
            return "this group's keys in \(suite) go on a screen of their own (a screen edits one suite, and Root.plist edits \(root)), opened by a row named after the group; give the group a \"title\", or the row shows \"\(rowTitle)\""
        }

        static func exportImportNotBool(kind: String) -> String {
            "\"exportImport\" must be true or false, not \(kind); true adds \"Export Settings…\" and \"Import Settings…\" to the view"
        }
    }
}
