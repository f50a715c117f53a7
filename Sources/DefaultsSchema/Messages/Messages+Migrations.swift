extension Messages {
    /// Migrations: a key's former stored names (`renamedFrom`) and how their old values convert.
    enum Migrations {
        // MARK: Reading `renamedFrom`

        static func renamedFromNotArray() -> String {
            "\"renamedFrom\" must be an array of former stored names, such as [\"oldName\"], or of objects such as {\"name\": \"oldName\", \"type\": \"Int\"}"
        }

        static func invalidEntry() -> String {
            "each entry of \"renamedFrom\" must be a non-empty string or an object with \"name\""
        }

        /// When an entry's `"name"` is not a non-empty string.
        static func nameNotString() -> String {
            "\"name\" must be the old stored name, a non-empty string"
        }

        /// When an entry's `"suite"` is not a non-empty string.
        static func suiteNotString() -> String {
            "\"suite\" must be \"standard\" or the name of the suite the old value lived in"
        }

        /// What `"swiftConvert"` must be: completes "\"swiftConvert\" must be …".
        static func swiftConvertExpression() -> String {
            "a one-line Swift expression of type (Any) -> NewValue?, such as \"LegacyColors.string(fromArchived:)\""
        }

        /// When `"keepFormer"` or `"retry"` (`field`) is not a Boolean.
        static func flagNotBool(_ field: String, kind: String) -> String {
            "\"\(field)\" must be true or false, not \(kind)"
        }

        static func entryWithoutName() -> String {
            "a \"renamedFrom\" entry needs \"name\": the stored name the old value lived under"
        }

        /// When an entry gives `"swiftConvert"` and `"type"` or `"values"` too.
        static func swiftConvertWithTypeOrValues() -> String {
            "\"swiftConvert\" converts the old stored object itself; give either it or \"type\" and \"values\", not both"
        }

        /// When `"retry"` is on a plain rename.
        static func retryWithoutConversion() -> String {
            "\"retry\" is for a migration that converts (\"type\" or \"swiftConvert\"): a plain rename already leaves a value it cannot read where it is"
        }

        static func valuesWithoutType() -> String {
            "\"values\" maps old values of the old \"type\"; give \"type\" too, such as \"type\": \"Int\""
        }

        // MARK: Resolving against the key

        /// When `"keepFormer"` is on an entry that names the key's own stored name.
        static func keepFormerInPlace(name: String) -> String {
            "\"keepFormer\" keeps the old entry beside the new one, but \"\(name)\" is the key's own stored name, where the new value goes; remove \"keepFormer\", or store the new value under a new name with \"key\""
        }

        /// When the old `"type"` is not a scalar a value is stored as.
        static func oldTypeNotStoredScalar(_ text: String) -> String {
            "the old \"type\" of a migration is what the value was stored as: Bool, an integer type, Double, Float or String (an enum's raw type), not \(text)"
        }

        /// When an entry names the key's own stored name without an old type.
        static func inPlaceWithoutType(name: String) -> String {
            "\"\(name)\" is the key's own stored name; to change its type in place, give the old \"type\": {\"name\": \"\(name)\", \"type\": \"Int\"}"
        }

        /// When, in place, an old value (`ambiguousValue`, as Swift) reads as the new type, or both types store alike.
        static func inPlaceIndistinguishable(name: String, ambiguousValue: String?, oldType: SchemaType,
                                             newType: SchemaType) -> String {
            let detail = ambiguousValue.map { "the old value \($0) is also a value of \(newType)" } ?? "the old type \(oldType) and the new type \(newType) are stored alike"
            return "\(detail), so a migrated value could not be told from an old one; store the new value under a new name with \"key\", and list \"\(name)\" in \"renamedFrom\""
        }

        static func valuesNotObject() -> String {
            "\"values\" must be an object of old values to new values, such as {\"0\": \"newest\", \"1\": \"oldest\"}"
        }

        /// When a member name of `"values"` does not parse as the old type.
        static func notOldValue(_ text: String, oldType: String) -> String {
            "\"\(text)\" is not a value of the old type \(oldType); write it as JSON text, such as \"true\", \"2\" or \"dark\""
        }
    }
}
