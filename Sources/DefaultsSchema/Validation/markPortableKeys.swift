import DefaultsFormats

extension SchemaValidator {
    /// Decides which keys a settings export carries: a key's own `"portable"`, else the schema's `false`; never a
    /// deprecated key. Left `nil`, the runtime's rule applies (a `UUID` key and file URL values stay on the device).
    func markPortableKeys(_ keys: inout [KeyDeclaration], rawKeys: [RawKey], schemaPortable: Bool?) {
        // Most schemas say nothing: every key keeps the runtime's rule.
        guard schemaPortable == false || rawKeys.contains(where: { $0.portable != nil }) || keys.contains(where: { $0.deprecationMessage != nil })
        else { return }
        let declared = Dictionary(rawKeys.map { ($0.identifier, $0.portable) }, uniquingKeysWith: { first, _ in first })
        for index in keys.indices {
            if keys[index].deprecationMessage != nil {
                keys[index].portable = false
            } else if let own = declared[keys[index].identifier] ?? nil {
                keys[index].portable = own
            } else if schemaPortable == false {
                keys[index].portable = false
            }
        }
    }
}
