extension SchemaValidator {
    /// The names the intents of each key generate (`GetAutoplayIntent`, `getAutoplay()`, ...) are unique: two keys
    /// whose names differ only in their first letter's case (`autoplay`, `Autoplay`) would declare the same intent
    /// twice, and an intent type must not take the name of a type the schema declares, its settings class or view.
    /// Each collision is an error at both keys (or at the key, against a declared type).
    func checkIntentNames(_ keys: [KeyDeclaration], rawKeys: [RawKey], typeNames: [String], diagnostics: inout Diagnostics) {
        let locations = Dictionary(rawKeys.compactMap { raw in raw.intents.map { (raw.identifier, $0.location) } }, uniquingKeysWith: { first, _ in first })
        let declared = Set(typeNames.map { String($0.split(separator: ".").last ?? Substring($0)) })
        var owners: [String: String] = [:]
        var reported: Set<String> = []
        for key in keys where key.intents != nil {
            guard let location = locations[key.identifier] else { continue }
            for name in Self.intentNames(of: key) {
                if declared.contains(name) {
                    diagnostics.error(location, Messages.Intents.nameTakenByType(key.identifier, generated: name))
                } else if let owner = owners[name] {
                    guard reported.insert(owner + "\u{0}" + key.identifier).inserted, let ownerLocation = locations[owner] else { continue }
                    diagnostics.error(ownerLocation, Messages.Intents.sameGeneratedName(owner, other: key.identifier, generated: name))
                    diagnostics.error(location, Messages.Intents.sameGeneratedName(key.identifier, other: owner, generated: name))
                } else {
                    owners[name] = key.identifier
                }
            }
        }
    }

    /// Every name `key`'s intents may generate: the intent types and the actions' functions (all four verbs, so a
    /// collision does not depend on a key's type).
    static func intentNames(of key: KeyDeclaration) -> [String] {
        let stem = IntentKey.typeStem(of: key.identifier)
        return ["Get", "Set", "Toggle", "Clear"].map { "\($0)\(stem)Intent" }
            + ["get", "set", "toggle", "clear", "spoken"].map { "\($0)\(stem)()" }
    }
}
