/// The names the library declares (the runtime, `TypedDefaults`, its iCloud sync, `TypedDefaultsSync`, and its test
/// doubles, `TypedDefaultsTestDoubles`) that generated code must not take: one table, kept in step with the library by `RuntimeNamesTests`, which
/// compares it with the recorded public API (`api/`).
package enum RuntimeNames {
    /// The library's public types, of both modules: a generated enum, record or namespace so named would shadow them.
    package static let libraryTypes: Set<String> = runtimeTypes.union(syncTypes).union(testDoubleTypes)

    /// The runtime's public types (`TypedDefaults`).
    package static let runtimeTypes: Set<String> = [
        "DefaultsKeys", "DefaultsKey", "Defaults", "Default", "DefaultsStore", "DefaultsSerializable", "DefaultsError",
        "DefaultsMigration", "DefaultsFormerSuite", "DefaultsKeyLabel", "DefaultsFailure", "DefaultsObservation",
        "DefaultsKeyFamilies", "DefaultsKeyFamily", "DefaultsPropertyList", "DefaultsExport", "DefaultsImportError",
        "DefaultsImportReport", "DefaultsSettingsTransfer",
    ]

    /// The sync's public types (`TypedDefaultsSync`): an app that syncs imports it beside the keys, where a generated
    /// type so named would shadow them.
    package static let syncTypes: Set<String> = [
        "DefaultsSync", "DefaultsSyncEvent", "DefaultsSyncRefusal", "DefaultsCloudStore", "DefaultsCloudAccount",
        "DefaultsCloudChange", "DefaultsCloudObservation", "DefaultsCloudLimits",
    ]

    /// The public types of the test doubles (`TypedDefaultsTestDoubles`, re-exported by `TypedDefaultsTesting`): not
    /// in the runtime, but a user's module may import them (its tests, a demo mode), where a generated type so named
    /// would shadow them.
    package static let testDoubleTypes: Set<String> = ["InMemoryCloudAccount"]

    /// Members of every key that a key of the same name would hide in the module declaring it (a static member of
    /// `DefaultsKeys` declared in this module shadows an instance member the library declares, on a value typed
    /// `DefaultsKeys`): refused as key names. Kept to one, `label`, the nested value settings screens read.
    package static let reservedKeyNames: Set<String> = ["label"]

    /// The library's public types that only Apple platforms compile (so the recorded API, made on Linux, lacks them).
    package static let appleOnlyLibraryTypes: Set<String> = ["DefaultsEditor"]
    /// The sync's public types that only Apple platforms compile.
    package static let appleOnlySyncTypes: Set<String> = ["ICloudKeyValueStore"]

    /// Standard library types a declared type must not take: the generated code, and the user's, name them
    /// unqualified, and a type of the module so named shadows them in the whole module.
    package static let standardLibraryTypes: Set<String> = [
        "Set", "Array", "Dictionary", "Optional", "Any", "AnyHashable", "AnyObject", "Codable", "Encodable", "Decodable",
        "Hashable", "Equatable", "Comparable", "Identifiable", "CaseIterable", "RawRepresentable", "Sendable", "Error",
        "Result", "Never", "Void", "Character", "Substring", "StaticString", "Range", "ClosedRange", "Sequence",
        "Collection", "Duration", "Task", "MainActor", "Actor", "Float16", "Int128", "UInt128", "ObjectIdentifier",
        "KeyPath", "Hasher", "Mirror", "Unicode",
        "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double",
        "Float", "Float32", "Float64", "String",
    ]

    /// Foundation types a declared type must not take, for the same reason: the value types of its Swift overlay
    /// and the classes app code names every day. (`SortOrder` is left out on purpose: apps declare their own
    /// sort-order setting by that name, and Foundation's is only met through SwiftUI's sorting APIs.)
    package static let foundationTypes: Set<String> = [
        "AffineTransform", "AttributedString", "Bundle", "Calendar", "CGFloat", "CharacterSet", "ComparisonResult",
        "Data", "Date", "DateComponents", "DateFormatter", "DateInterval", "Decimal", "FileManager", "FormatStyle",
        "Formatter", "IndexPath", "IndexSet", "JSONDecoder", "JSONEncoder", "Locale", "Measurement", "Notification",
        "NotificationCenter", "NumberFormatter", "Operation", "OperationQueue", "PersonNameComponents", "Predicate",
        "ProcessInfo", "Progress", "PropertyListDecoder", "PropertyListEncoder", "RunLoop", "Scanner",
        "SortDescriptor", "Thread", "TimeInterval", "TimeZone", "Timer", "URL", "URLComponents", "URLQueryItem",
        "URLRequest", "URLSession", "UUID", "UserDefaults",
    ]

    /// The module whose type `name` would shadow (`Swift`, `Foundation`, `TypedDefaults`, `TypedDefaultsSync`,
    /// `TypedDefaultsTestDoubles`), if any. Names of Foundation's `NS` classes (`NSObject`, `NSNumber`) count as
    /// Foundation's.
    package static func shadowedModule(of name: String) -> String? {
        if runtimeTypes.contains(name) || appleOnlyLibraryTypes.contains(name) { return "TypedDefaults" }
        if syncTypes.contains(name) || appleOnlySyncTypes.contains(name) { return "TypedDefaultsSync" }
        if testDoubleTypes.contains(name) { return "TypedDefaultsTestDoubles" }
        if standardLibraryTypes.contains(name) { return "the standard library" }
        if foundationTypes.contains(name) { return "Foundation" }
        if name.hasPrefix("NS"), name.dropFirst(2).first?.isUppercase == true { return "Foundation" }
        return nil
    }
}
