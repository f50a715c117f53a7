extension Messages {
    /// Key families: keys with `"parameter"`, their name templates, and their members across releases.
    enum Families {
        // MARK: The parameter

        /// When a parameter's `"type"` is neither `String` nor `Int`.
        static func unsupportedParameterType(_ text: String) -> String {
            "a family's parameter is a \"String\" or an \"Int\", not \"\(text)\"; for another type, use a String parameter and pass its text (a UUID's uuidString, say)"
        }

        static func parameterWithoutName() -> String {
            "\"parameter\" needs a \"name\", such as {\"name\": \"index\", \"type\": \"Int\"}"
        }

        /// When `"parameter"` is neither a name nor an object.
        static func parameterNotNameOrObject(_ kind: String) -> String {
            "\"parameter\" must name the parameter, such as \"widgetID\", or be {\"name\": \"index\", \"type\": \"Int\"}, not \(kind)"
        }

        static func parameterNotIdentifier(_ name: String) -> String {
            "the parameter \"\(name)\" is not a Swift identifier; name it with letters, digits and '_', such as \"widgetID\""
        }

        static func parameterIsKeyword(_ name: String) -> String {
            "the parameter \"\(name)\" is a Swift keyword; choose another name, such as \"widgetID\""
        }

        /// When the parameter's name is a type of the library the generated function names.
        static func parameterHidesLibraryType(_ name: String) -> String {
            "the parameter \"\(name)\" would hide the library's type \(name) in the generated function; choose another name, such as \"widgetID\""
        }

        // MARK: The name template

        /// When a family without `"key"` would take a `"keyPrefix"` that has a brace.
        static func keyPrefixWithBrace(family identifier: String, storedName: String, placeholder: String) -> String {
            "the family \"\(identifier)\" would be stored as \"\(storedName)\", but a name template writes only its parameter in braces and \"keyPrefix\" has one; give the family a \"key\" template, such as \"\(placeholder)_\(identifier)\""
        }

        /// When an entry of a family's `"renamedFrom"` is not a name template (a typed migration, say).
        static func formerNameNotTemplate(family identifier: String, parameter: String) -> String {
            "a family's \"renamedFrom\" lists the name templates it was stored under, such as [\"{\(parameter)}.\(identifier)\"]; a family's members migrate by name only, so keep the type or declare a new family"
        }

        /// When a template writes another parameter in braces than the family's.
        static func templateWritesAnotherParameter(field: String, written other: Substring, placeholder: String,
                                                   family identifier: String) -> String {
            "\"\(field)\" writes \"\(other)\", but the parameter is \(placeholder); write \(placeholder) (or name the parameter \"\(other.dropFirst().dropLast())\"), such as \(templateExample(placeholder, identifier))"
        }

        static func templateWithoutParameter(field: String, family identifier: String, placeholder: String) -> String {
            "\"\(field)\" of the family \"\(identifier)\" must write its parameter as \(placeholder), where each member's value goes, such as \(templateExample(placeholder, identifier))"
        }

        static func templateRepeatsParameter(field: String, placeholder: String, count: Int,
                                             family identifier: String) -> String {
            "\"\(field)\" writes \(placeholder) \(count) times; write it once, where each member's value goes, such as \(templateExample(placeholder, identifier))"
        }

        /// When a template has a brace besides its parameter's.
        static func templateWithOtherBrace(field: String, placeholder: String, family identifier: String) -> String {
            "\"\(field)\" has a brace besides \(placeholder); a template writes only its parameter in braces, such as \(templateExample(placeholder, identifier))"
        }

        /// The template the messages about templates suggest: `"{widgetID}_selectedCalendars"`.
        private static func templateExample(_ placeholder: String, _ identifier: String) -> String {
            "\"\(placeholder)_\(identifier)\""
        }

        // MARK: What a family cannot be

        static func managedFamily() -> String {
            "a key family cannot be managed: an administrator's configuration names settings, and a family's members are made at run time; remove \"managed\", or declare a managed key for each value an administrator sets"
        }

        static func iCloudFamily() -> String {
            "a key family does not sync through iCloud: its members are known only at run time, and iCloud's store holds at most 1,024 keys; remove \"iCloud\", or declare a key for each value that must follow the user"
        }

        /// When a family's name is one every key has for itself (its title and help).
        static func reservedName(_ identifier: String, parameter: String) -> String {
            "a family named \"\(identifier)\" would hide every key's own \"\(identifier)\" (its title and help, for settings screens) in this module; choose another name and keep the stored names with \"key\": \"\(identifier)_{\(parameter)}\""
        }

        /// When a family's type exists only on Apple platforms (a colour).
        static func appleOnlyType(_ type: SchemaType) -> String {
            "a key family cannot hold \(type), which exists only on Apple platforms; declare one key per value, or store the colour's hex string (\"String\")"
        }

        /// When a settings screen's group names a family (`screen`: "settings bundle", "settings view").
        static func familyInSettings(_ name: String, screen: String) -> String {
            "\"\(name)\" is a key family (\"parameter\"), whose members are known only at run time, so the \(screen) cannot show it; remove it from the group, and show a member's value in a screen of the app's own"
        }

        // MARK: Stored names that clash

        /// When a key's stored (or former) name is one a family could make for a member.
        static func keyNameMakesMember(name: String, key: String, family: String, template: String) -> String {
            "the stored name \"\(name)\" of \"\(key)\" is also a member's of the family \"\(family)\" (\"\(template)\"), which would list and remove it as its own; store one of them under another name with \"key\""
        }

        /// When two families' templates can make the same stored name.
        static func familiesOverlap(first: String, firstTemplate: String, second: String, secondTemplate: String,
                                    secondParameter: String) -> String {
            "the families \"\(first)\" (\"\(firstTemplate)\") and \"\(second)\" (\"\(secondTemplate)\") can make the same stored name, so each would list the other's members; give \"\(second)\" a \"key\" template that \"\(first)\" cannot make, such as \"\(second)_{\(secondParameter)}\""
        }

        // MARK: Against recorded releases

        /// When a family keeps its template but moved to another suite since a release.
        static func movedSuite(family identifier: String, from old: RecordedSuite, to new: RecordedSuite,
                               version: String) -> String {
            "the family \"\(identifier)\" moved from \(old) to \(new) since release \(version): users would lose every member's value; keep it in \(old)"
        }

        /// When a family's template changed since a release without `"renamedFrom"`.
        static func renamedWithoutMigration(family identifier: String, formerTemplate: String, template: String,
                                            version: String) -> String {
            "the family \"\(identifier)\" stored its members as \"\(formerTemplate)\" in release \(version) and stores them as \"\(template)\" now: users would lose every member's value; add \"renamedFrom\": [\"\(formerTemplate)\"]"
        }

        /// When no family reads a recorded family's members, and its template is not retired.
        static func dropped(family identifier: String, template: String, version: String) -> String {
            "release \(version) stored the family \"\(identifier)\" as \"\(template)\", and no family reads it now: users would lose its members' values silently; restore the family, move it to a family with \"renamedFrom\", or list \"\(template)\" in \"retired\""
        }

        /// When a String parameter became an Int one since a release.
        static func parameterNarrowedToInt(family identifier: String, version: String) -> String {
            "release \(version) stored members of \"\(identifier)\" with a String parameter; an Int parameter would not read those whose names are not integers; keep \"type\": \"String\" for the parameter"
        }

        /// When the members' new type cannot read what a release stored.
        static func incompatibleType(family identifier: String, oldType: SchemaType, newType: SchemaType,
                                     reason: String, template: String, version: String) -> String {
            "release \(version) stored the members of \"\(identifier)\" as \(oldType); as \(newType), users would lose them: \(reason). Keep the type, or declare a family under another name template and list \"\(template)\" in \"retired\""
        }

        /// When the members' new type reads only some of what a release stored.
        static func lossyType(family identifier: String, oldType: SchemaType, newType: SchemaType, reason: String,
                              version: String) -> String {
            "release \(version) stored the members of \"\(identifier)\" as \(oldType); as \(newType), some users would lose their value: \(reason). Keep the type, or accept the loss with \"acceptLostValuesSince\": \"\(version)\" on the family"
        }
    }
}
