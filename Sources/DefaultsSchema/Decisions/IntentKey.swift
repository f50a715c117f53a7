/// A key with App Intents, and which intents it gets: "Get" always; "Set" with `"intents": true` (not for a UUID);
/// "Toggle" for a writable `Bool`; "Clear" for a writable optional key. How its value goes in and out is
/// ``IntentValue``'s. The Swift file, the reference and the name checks ask this alike.
package struct IntentKey: Sendable {
    package var key: KeyDeclaration
    package var value: IntentValue
    /// The key's name with its first letter capitalized, for `SetThemeIntent` and `setTheme(_:)`.
    package var typeStem: String

    /// Whether it has "Set …" (and, by its type, "Toggle …" or "Clear …"): `"intents": true`, and not a UUID.
    package var isWritable: Bool { key.intents == .readWrite && value.isWritable }
    /// Whether it has "Toggle …": a writable `Bool`.
    package var toggles: Bool { isWritable && key.type == .builtin(.bool) }
    /// Whether it has "Clear …": a writable optional key.
    package var clears: Bool { isWritable && key.type.isOptional }

    /// The keys of `schema` with intents, in schema order.
    package static func all(in schema: Schema) -> [IntentKey] {
        let enums = schema.enumsByName
        return schema.keys.compactMap { key in
            guard let access = key.intents, case .success(let value) = IntentValue.forKey(key, access: access, enums: enums) else { return nil }
            return IntentKey(key: key, value: value, typeStem: typeStem(of: key.identifier))
        }
    }

    /// `theme` → `Theme`: what the intents' type and function names of a key are made of.
    package static func typeStem(of identifier: String) -> String {
        identifier.prefix(1).uppercased() + identifier.dropFirst()
    }
}
