extension SchemaValidator {
    /// Resolves a key's type and default into a ``KeyDeclaration``; `nil` after reporting errors.
    func resolveKey(_ raw: RawKey, declared: (String) -> SchemaType?, checker: DefaultChecker, suite: String?,
                    diagnostics: inout Diagnostics) -> KeyDeclaration? {
        let enums = checker.enums
        guard let type = resolveType(raw, declared: declared, diagnostics: &diagnostics) else { return nil }
        // Invalid `cases` were reported already; the enum's keys would only repeat that error differently.
        if raw.cases != nil, type.customNames.contains(where: { enums[$0] == nil }) { return nil }
        var key = KeyDeclaration(identifier: raw.identifier, storedName: raw.storedName, type: type, defaultValue: nil,
                                 description: raw.description, deprecationMessage: raw.deprecated?.message,
                                 formerNames: raw.formerNames.map(\.name), location: raw.nameLocation, suite: raw.suite ?? suite)
        if let (expression, location) = raw.swiftDefault {
            if let node = raw.defaultNode {
                diagnostics.error(node.location, "give either \"default\" or \"swiftDefault\", not both")
                return nil
            }
            if type.isOptional {
                diagnostics.error(location, "a key with a default is not optional: remove the '?' from \"\(type)\" or remove \"swiftDefault\"")
                return nil
            }
            key.defaultValue = .swiftExpression(expression)
            return key
        }
        guard let node = raw.defaultNode else {
            if type.isOptional { return key }
            if case .record(let name) = type {
                key.defaultValue = .record(name, [])  // every field's default
                return key
            }
            let hint: String
            if case .custom(let name) = type {
                hint = "the type \(name) is yours: give \"swiftDefault\" (a Swift expression such as \"\(name)()\") or make it optional (\"\(name)?\")"
            } else {
                hint = "add \"default\" (or make the type optional: \"\(type)?\")"
            }
            diagnostics.error(raw.typeLocation, "key \"\(raw.identifier)\" of type \(type) has no default; \(hint)")
            return nil
        }
        if case .optional = type {
            if case .null = node.value { return key }
            diagnostics.error(node.location, "a key with a default is not optional: remove the '?' from \"\(type)\" or remove the default")
            return nil
        }
        if case .null = node.value {
            diagnostics.error(node.location, "null is not a value of \(type); make the type optional (\"\(type)?\") or give a default")
            return nil
        }
        guard let value = checker.check(node, as: type, diagnostics: &diagnostics) else { return nil }
        key.defaultValue = value
        return key
    }

    /// Resolves a key's or a field's type; `declared` knows the schema's enums and record types.
    func resolveType(_ raw: RawKey, declared: (String) -> SchemaType?, diagnostics: inout Diagnostics) -> SchemaType? {
        if let inferred = raw.inferredType { return inferred }
        guard let text = raw.typeText else { return nil }
        let type: SchemaType
        switch TypeNameParser.parse(text, declared: declared) {
        case .success(let parsed):
            type = parsed
        case .failure(let failure):
            // Point into the string: past the opening quote, then the offset (exact when the type has no escapes).
            diagnostics.error(raw.typeLocation.advanced(by: 1 + failure.offset), "invalid type \"\(text)\": \(failure.message)")
            return nil
        }
        if type.hasNestedOptional {
            diagnostics.error(raw.typeLocation, "the type \"\(text)\" puts an optional inside a collection, which property lists cannot store; drop the inner '?'")
            return nil
        }
        for name in type.customNames where declared(name) == nil {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            if parts.contains(where: { !SwiftNames.isIdentifier(String($0)) || SwiftNames.keywords.contains(String($0)) }) {
                diagnostics.error(raw.typeLocation, "invalid type \"\(text)\": \"\(name)\" is not a Swift type name")
                return nil
            }
            // Only built-in names are suggested: a user type one letter from a schema enum is often deliberate.
            if raw.cases == nil, let close = suggestion(for: name, among: BuiltinType.allCases.map(\.rawValue)), close != name {
                diagnostics.warning(raw.typeLocation, "\"\(name)\" is taken as your own DefaultsSerializable type; did you mean \"\(close)\"?")
            }
        }
        return type
    }
}
