import DefaultsFormats

extension Messages {
    /// A key's own fields: its name and stored name, type, default, title, range, suite and the like.
    enum Keys {
        static func unknownField(_ name: String, key: String, allowed: [String]) -> String {
            Suggestions.unknownField(name, in: "key \"\(key)\"", allowed: allowed)
        }

        /// When `"portable"`, on a key or the schema, is not a Boolean.
        static func portableNotBool(kind: String) -> String {
            "\"portable\" must be true or false, not \(kind); false keeps the value out of settings exports (caches, window state, tokens, device ids)"
        }

        // MARK: The name

        static func emptyName() -> String { "a key name cannot be empty; it becomes the Swift name of the key" }

        static func nameNotIdentifier(_ name: String) -> String { "\"\(name)\" is not a Swift identifier; use letters, digits and '_' (not first a digit) and set the stored string with \"key\"" }

        /// When the name cannot be declared even with backticks (`self`, `init`, `Type`).
        static func nameUnusable(_ name: String) -> String { "\"\(name)\" cannot name a key; choose another name and keep the stored string with \"key\": \"\(name)\"" }

        static func nameIsKeyList(_ name: String, keyList: String) -> String { "\"\(name)\" collides with the key list DefaultsKeys.\(keyList); choose another name and keep the stored string with \"key\": \"\(name)\"" }

        static func nameHidesLibraryType(_ name: String) -> String { "\"\(name)\" would hide the library's type \(name) from the generated code; choose another name and keep the stored string with \"key\": \"\(name)\"" }

        /// When the name is a member every key has, which the key would hide (`label`).
        static func nameHidesKeyMember(_ name: String) -> String { "a key named \"\(name)\" would hide every key's own \"\(name)\" (its title and help, for settings screens) in this module; choose another name and keep the stored string with \"key\": \"\(name)\"" }

        // MARK: The stored name

        static func emptyStoredName() -> String { "\"key\" is empty; UserDefaults needs a non-empty key string" }

        /// When `key` gives the name the key is stored under anyway.
        static func storedNameRepeatsName() -> String { "\"key\" repeats the key's name, which is already the stored key; remove it" }

        /// When a stored name, not given with `key`, starts like a system setting's.
        static func systemPrefix(storedName: String, prefix: String) -> String { "the stored key \"\(storedName)\" starts with \"\(prefix)\", like system settings; a key prefix avoids clashes, and for a system setting say so with \"key\": \"\(storedName)\"" }

        /// When one key lists a stored name twice (its own and `renamedFrom`).
        static func storedNameTwice(key: String, storedName: String) -> String { "\"\(key)\" lists the stored name \"\(storedName)\" twice; remove the repetition" }

        static func storedNameShared(_ name: String, firstKey: String, firstLocation: SchemaLocation) -> String { "the stored name \"\(name)\" is already used by \"\(firstKey)\" (at \(firstLocation)); two keys would share one value, so rename one with \"key\"" }

        /// When a key of an app group is stored under a name with '.' or '@', which other processes then cannot be
        /// observed changing.
        static func unobservableStoredName(_ storedName: String, appGroup: String, observable: String) -> String {
            """
            "\(storedName)" lives in the app group "\(appGroup)" but holds '.' or '@': changes that other processes \
            (a widget, an extension) make to it cannot be observed on Apple platforms; store it as \
            "\(observable)" ("key"), and list "\(storedName)" in "renamedFrom" to keep users' values
            """
        }

        // MARK: The type

        static func missingType(key: String) -> String { "key \"\(key)\" has no \"type\"; add one, such as \"type\": \"Int\"" }

        /// When `TypeNameParser` cannot read the type; `reason` is its message.
        static func invalidType(_ text: String, reason: String) -> String { "invalid type \"\(text)\": \(reason)" }

        static func nestedOptional(_ text: String) -> String { "the type \"\(text)\" puts an optional inside a collection, which property lists cannot store; drop the inner '?'" }

        /// When a name of the type `text` is not a Swift type name.
        static func notSwiftTypeName(_ text: String, name: String) -> String { "invalid type \"\(text)\": \"\(name)\" is not a Swift type name" }

        /// When a type of the user's own is spelt close to a built-in type.
        static func ownTypeLikeBuiltin(_ name: String, builtin: String) -> String { "\"\(name)\" is taken as your own DefaultsSerializable type; did you mean \"\(builtin)\"?" }

        static func cannotInferFromEmptyArray(key: String) -> String { "cannot infer the type of \"\(key)\" from an empty array; give a type: { \"type\": \"[String]\", \"default\": [] }" }

        /// When a bare array's elements are of several kinds.
        static func cannotInferElementType(key: String) -> String { "cannot infer one element type for \"\(key)\"; give a type: { \"type\": \"[...]\", \"default\": [...] }" }

        static func cannotInferFromNull(key: String) -> String { "cannot infer the type of \"\(key)\" from null; give a type: { \"type\": \"String?\" }" }

        // MARK: rawType and module

        static func rawTypeNotScalar(_ text: String) -> String { "\"rawType\" must be a property-list scalar that a raw value is stored as: String, Int (or another integer type), Double, Float or Bool, not \"\(text)\"" }

        /// When `rawType` is given for a key whose type is not one of the module's own.
        static func rawTypeNotOwnType(_ type: SchemaType) -> String { "\"rawType\" is for a key of one of the module's own types (\"Tag\" or \"Tag?\"; another module's with \"module\"), not \(type); remove it" }

        /// When two keys of one type give it different raw types.
        static func rawTypesDisagree(typeName: String, earlierRawType: String, earlierKey: String) -> String { "\(typeName) is stored as \(earlierRawType) by \"\(earlierKey)\"; one type has one raw type, so give \"rawType\": \"\(earlierRawType)\" here too" }

        static func moduleNotIdentifier(_ text: String) -> String { "\"module\" must name the module that declares the key's type, such as \"Foundation\" or \"AppCore\", not \"\(text)\"" }

        static func moduleWithoutRawType() -> String { "\"module\" names where a \"rawType\" key's type is declared; give \"rawType\" too, or remove \"module\"" }

        // MARK: The default

        /// When a non-optional key has no default, and its type has none of its own.
        static func missingDefault(key: String, type: SchemaType) -> String {
            let hint: String
            if case .custom(let name) = type {
                hint = "the type \(name) is yours: give \"swiftDefault\" (a Swift expression such as \"\(name)()\") or make it optional (\"\(name)?\")"
            } else {
                hint = "add \"default\" (or make the type optional: \"\(type)?\")"
            }
            return "key \"\(key)\" of type \(type) has no default; \(hint)"
        }

        /// When a non-optional `rawType` key has no default.
        static func missingRawDefault(key: String, type: SchemaType) -> String { "key \"\(key)\" of type \(type) has no default; give its raw value as \"default\" (or make the type optional: \"\(type)?\")" }

        /// When a non-optional key of a record type has no default, and some of the record's fields have none.
        static func missingRecordDefault(
            key: String, type: SchemaType, record: String, requiredFields: [String]
        ) -> String {
            let required = requiredFields.map { "\"\($0)\"" }
            return "key \"\(key)\" of type \(type) has no default, and \(record) has no default for \(required.joined(separator: ", ")); add \"default\": {\(required.map { "\($0): …" }.joined(separator: ", "))} (or make the type optional: \"\(type)?\")"
        }

        static func defaultAndSwiftDefault() -> String { "give either \"default\" or \"swiftDefault\", not both" }

        /// When the default of a non-optional key is null.
        static func nullNotValue(of type: SchemaType) -> String { "null is not a value of \(type); make the type optional (\"\(type)?\") or give a default" }

        /// What completes ``notOneLineExpression(_:expected:)`` for `swiftDefault`.
        static func swiftDefaultExpected() -> String { "a one-line Swift expression, such as \"Layout.standard\"" }

        /// When a field that takes a Swift expression is blank or spans lines; `expected` says what it takes.
        static func notOneLineExpression(_ field: String, expected: String) -> String { "\"\(field)\" must be \(expected)" }

        /// When `keepPreviousDefault` is used without a release record.
        static func keepPreviousDefaultWithoutReleases(releasesFile: String) -> String { "\"keepPreviousDefault\" keeps the defaults of recorded releases, and none is recorded: record each release with record-defaults-release (\(releasesFile)); until then every install reads the current default" }

        static func keepPreviousDefaultNotBool(kind: String) -> String { "\"keepPreviousDefault\" must be true or false, not \(kind)" }

        static func acceptLostValuesSinceNotRelease() -> String { "\"acceptLostValuesSince\" must name a recorded release, such as \"1.4\": the newest one whose users may lose values to this change" }

        // MARK: The range

        /// When `minimum` or `maximum` is given for a key that is not of a number type.
        static func rangeNeedsNumber(type: SchemaType) -> String { "\"minimum\" and \"maximum\" are for a non-optional number type, not \(type)" }

        static func minimumAboveMaximum() -> String { "\"maximum\" is below \"minimum\"; swap them" }

        static func defaultOutsideRange(isBelow: Bool) -> String { "the default is \(isBelow ? "below \"minimum\"" : "above \"maximum\""); give a default inside the range" }

        // MARK: The suite (the schema's too)

        static func emptySuite() -> String { "\"suite\" is empty; name a UserDefaults suite, such as \"group.com.example.shared\", or remove it" }

        /// What completes ``notOneLineExpression(_:expected:)`` for `swiftSuite`.
        static func swiftSuiteExpected() -> String { "a one-line Swift expression of type String?, such as \"AppGroup.identifier\"" }

        /// When a key, or the schema, gives both `suite` and `swiftSuite`.
        static func suiteAndSwiftSuite() -> String { "give either \"suite\" or \"swiftSuite\", not both" }

        // MARK: Other fields

        static func emptyDescription() -> String { "\"description\" is empty; describe the setting or remove the field" }

        static func emptyDeprecated() -> String { "\"deprecated\" is empty; say what to use instead" }

        static func emptyTitle() -> String { "\"title\" is empty; give the name the Settings app shows, or remove it" }

        static func objcNotBool(kind: String) -> String { "\"objc\" must be true or false, not \(kind)" }
    }
}
