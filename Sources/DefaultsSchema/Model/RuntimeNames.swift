/// The names the runtime library (`TypedDefaults`) declares that generated code must not take: one table, kept
/// in step with the library by `RuntimeNamesTests`, which compares it with the recorded public API (`api/`).
package enum RuntimeNames {
    /// Public members of `DefaultsKeys` and `DefaultsKey`: a key (a static member of `DefaultsKeys`) so named
    /// would be ambiguous with them at `Defaults[.name]` and in the key classes themselves.
    package static let keyMembers: Set<String> = [
        "name", "formerNames", "suiteName", "defaultStore", "defaultObject", "valueType", "defaultValue",
        "currentValue", "setValue", "hash", "hashValue",
    ]

    /// The library's public types: a generated enum, record or namespace so named would shadow them.
    package static let libraryTypes: Set<String> = [
        "DefaultsKeys", "DefaultsKey", "Defaults", "Default", "DefaultsStore", "DefaultsSerializable", "DefaultsError",
    ]

    /// Standard library names a generated type must not take either: the generated code uses them unqualified.
    package static let standardLibraryTypes: Set<String> = [
        "Set", "Array", "Dictionary", "Optional", "Any", "AnyHashable", "Codable", "Hashable", "Sendable",
    ]
}
