import DefaultsFormats

extension SchemaValidator {
    /// Resolves a key into a ``KeyDeclaration``: type, default, title and range; `nil` after reporting errors.
    func resolveKey(_ raw: RawKey, declared: (String) -> SchemaType?, checker: DefaultChecker, suite: String?, swiftSuite: String?,
                    diagnostics: inout Diagnostics) -> KeyDeclaration? {
        guard var key = resolveTypeAndDefault(raw, declared: declared, checker: checker, suite: suite, diagnostics: &diagnostics) else {
            return nil
        }
        // A key's own suite, literal or run-time, wins over the schema's.
        if raw.suite == nil, raw.swiftSuite == nil { key.swiftSuite = swiftSuite } else { key.swiftSuite = raw.swiftSuite }
        if key.swiftSuite != nil, raw.suite == nil { key.suite = nil }
        key.title = raw.title ?? Self.words(fromIdentifier: raw.identifier)
        key.managed = raw.managed?.value == true
        guard let migrations = resolveMigrations(raw, type: key.type, rawRepresentable: key.rawRepresentable, checker: checker,
                                                 diagnostics: &diagnostics) else { return nil }
        key.migrations = migrations
        guard raw.minimum != nil || raw.maximum != nil else { return key }
        return resolveRange(raw, key: key, checker: checker, diagnostics: &diagnostics)
    }

    /// `minimum`/`maximum`: numbers of the key's numeric type, in order, with the default between them.
    private func resolveRange(_ raw: RawKey, key: KeyDeclaration, checker: DefaultChecker, diagnostics: inout Diagnostics) -> KeyDeclaration? {
        var key = key
        guard case .builtin(let builtin) = key.type, builtin.integerBounds != nil || builtin.isDoubleLike || builtin.isFloatLike else {
            let node = raw.minimum ?? raw.maximum!
            diagnostics.error(node.location, Messages.Keys.rangeNeedsNumber(type: key.type))
            return nil
        }
        if let node = raw.minimum { key.minimum = checker.check(node, as: key.type, diagnostics: &diagnostics) }
        if let node = raw.maximum { key.maximum = checker.check(node, as: key.type, diagnostics: &diagnostics) }
        if (raw.minimum != nil && key.minimum == nil) || (raw.maximum != nil && key.maximum == nil) { return nil }
        if let low = key.minimum?.numericValue, let high = key.maximum?.numericValue, low > high {
            diagnostics.error(raw.maximum!.location, Messages.Keys.minimumAboveMaximum())
            return nil
        }
        if let value = key.defaultValue?.numericValue {
            let below = key.minimum?.numericValue.map { value < $0 } ?? false
            let above = key.maximum?.numericValue.map { value > $0 } ?? false
            if below || above {
                diagnostics.error(raw.defaultNode?.location ?? raw.typeLocation,
                                  Messages.Keys.defaultOutsideRange(isBelow: below))
                return nil
            }
        }
        return key
    }


    /// An identifier in words, for a title: `showTips` → `Show Tips`, `maxURLCount` → `Max URL Count` (the
    /// runtime titles keys declared without one the same way).
    static func words(fromIdentifier identifier: String) -> String {
        readableTitle(fromIdentifier: identifier)
    }

    /// Resolves a key's type and default; `nil` after reporting errors.
    private func resolveTypeAndDefault(_ raw: RawKey, declared: (String) -> SchemaType?, checker: DefaultChecker, suite: String?,
                                       diagnostics: inout Diagnostics) -> KeyDeclaration? {
        let enums = checker.enums
        guard let type = resolveType(raw, declared: declared, diagnostics: &diagnostics) else { return nil }
        // Invalid `cases` were reported already; the enum's keys would only repeat that error differently.
        if raw.cases != nil, type.customNames.contains(where: { enums[$0] == nil }) { return nil }
        var key = KeyDeclaration(identifier: raw.identifier, storedName: raw.storedName, type: type, defaultValue: nil,
                                 description: raw.description, deprecationMessage: raw.deprecated?.message,
                                 migrations: [], location: raw.nameLocation, suite: raw.suite ?? suite)
        key.defaultJSON = raw.defaultNode.map(compactJSONText)
        key.acceptLostValuesSince = raw.acceptLostValuesSince
        key.keepPreviousDefault = raw.keepPreviousDefault
        if let module = raw.module, raw.rawType == nil {
            diagnostics.error(module.location, Messages.Keys.moduleWithoutRawType())
            return nil
        }
        if let (rawType, location) = raw.rawType {
            // A RawRepresentable type of this module (or of `module`), alone or optional: its default is written as
            // the raw value.
            guard case .custom(let name) = type.unwrappingOptional else {
                diagnostics.error(location, Messages.Keys.rawTypeNotOwnType(type))
                return nil
            }
            key.rawRepresentable = RawRepresentableType(typeName: name, rawType: rawType, module: raw.module?.name)
            // A `swiftDefault` goes on below, as for any key of the module's own types.
            if raw.swiftDefault == nil {
                if let node = raw.defaultNode, node.value != .null {
                    guard let rawValue = checker.check(node, as: .builtin(rawType), diagnostics: &diagnostics) else { return nil }
                    key.defaultValue = .rawRepresentable(name, rawValue)
                } else if !type.isOptional {
                    diagnostics.error(raw.typeLocation,
                                      Messages.Keys.missingRawDefault(key: raw.identifier, type: type))
                    return nil
                }
                return key
            }
        }
        if let (expression, _) = raw.swiftDefault {
            if let node = raw.defaultNode {
                diagnostics.error(node.location, Messages.Keys.defaultAndSwiftDefault())
                return nil
            }
            // An optional key may have a default too: it reads the default until a value is stored, and `nil`
            // removes the stored value (as `register(defaults:)` and sindresorhus/Defaults' `Key<T?>(default:)`).
            key.defaultValue = .swiftExpression(expression)
            return key
        }
        guard let node = raw.defaultNode else {
            if type.isOptional { return key }
            if case .record(let name) = type {
                let required = (checker.records[name] ?? []).filter(\.isRequired).map(\.identifier)
                guard required.isEmpty else {
                    let message = Messages.Keys.missingRecordDefault(key: raw.identifier, type: type, record: name,
                                                                     requiredFields: required)
                    diagnostics.error(raw.typeLocation, message)
                    return nil
                }
                key.defaultValue = .record(name, [])  // every field's default
                return key
            }
            diagnostics.error(raw.typeLocation, Messages.Keys.missingDefault(key: raw.identifier, type: type))
            return nil
        }
        // An optional key with a default reads it until a value is stored; `nil` removes the stored value. The
        // default is then a value of the wrapped type.
        var valueType = type
        if case .optional(let wrapped) = type {
            if case .null = node.value { return key }
            valueType = wrapped
        } else if case .null = node.value {
            diagnostics.error(node.location, Messages.Keys.nullNotValue(of: type))
            return nil
        }
        if let name = checker.undeclaredTypeNeeded(by: node, as: valueType) {
            diagnostics.error(node.location, DefaultChecker.customTypeMessage(name))
            return nil
        }
        guard let value = checker.check(node, as: valueType, diagnostics: &diagnostics) else { return nil }
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
            // `Color`, `CGColor`, `UIColor` are Apple's unless the schema declares a type so named, or the key gives
            // `rawType` (one of the module's own RawRepresentable types, whatever its name).
            type = raw.rawType == nil ? parsed.resolvingColorNames(isDeclared: { declared($0) != nil }) : parsed
        case .failure(let failure):
            // Point into the string: past the opening quote, then the offset (exact when the type has no escapes).
            diagnostics.error(raw.typeLocation.advanced(by: 1 + failure.offset),
                              Messages.Keys.invalidType(text, reason: failure.message))
            return nil
        }
        if type.hasNestedOptional {
            diagnostics.error(raw.typeLocation, Messages.Keys.nestedOptional(text))
            return nil
        }
        for name in type.customNames where declared(name) == nil {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            if parts.contains(where: { !SwiftNames.isIdentifier(String($0)) || SwiftNames.keywords.contains(String($0)) }) {
                diagnostics.error(raw.typeLocation, Messages.Keys.notSwiftTypeName(text, name: name))
                return nil
            }
            // Only built-in names are suggested: a user type one letter from a schema enum is often deliberate.
            if raw.cases == nil, let close = suggestion(for: name, among: BuiltinType.allCases.map(\.rawValue)), close != name {
                diagnostics.warning(raw.typeLocation, Messages.Keys.ownTypeLikeBuiltin(name, builtin: close))
            }
        }
        return type
    }
}
