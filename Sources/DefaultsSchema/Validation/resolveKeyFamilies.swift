import DefaultsFormats

extension SchemaValidator {
    /// Resolves the families (keys with `"parameter"`) as keys are resolved, then checks that no stored name can be
    /// both a key's and a family member's, nor a member of two families.
    func resolveFamilies(_ rawFamilies: [RawKey], keys rawKeys: [RawKey], declared: (String) -> SchemaType?, checker: DefaultChecker,
                         suite: String?, swiftSuite: String?, diagnostics: inout Diagnostics) -> [KeyFamilyDeclaration] {
        var families: [(raw: RawKey, family: KeyFamilyDeclaration)] = []
        for raw in rawFamilies {
            guard let parameter = raw.parameter,
                  var key = resolveKey(raw, declared: declared, checker: checker, suite: suite, swiftSuite: swiftSuite, diagnostics: &diagnostics)
            else { continue }
            // Members stay on the device unless the family says otherwise; a deprecated family's always do.
            key.portable = raw.portable == true && key.deprecationMessage == nil ? true : nil
            if RuntimeNames.reservedKeyNames.contains(raw.identifier) {
                diagnostics.error(raw.nameLocation, Messages.Families.reservedName(
                    raw.identifier, parameter: parameter.name))
                continue
            }
            if key.type.namesColor {
                // A family's declarations (its member function, its `DefaultsKeyFamily`, its list) are not compiled per platform.
                diagnostics.error(raw.typeLocation, Messages.Families.appleOnlyType(key.type))
                continue
            }
            families.append((raw, KeyFamilyDeclaration(key: key, parameterName: parameter.name, parameterType: parameter.type)))
        }
        checkFamilyNameClashes(families, keys: rawKeys, diagnostics: &diagnostics)
        return families.map(\.family)
    }

    /// A key's stored name (or former name) that a family could make is an error: the family would list and remove
    /// that value as a member's. So is a stored name two families could both make.
    private func checkFamilyNameClashes(_ families: [(raw: RawKey, family: KeyFamilyDeclaration)], keys: [RawKey], diagnostics: inout Diagnostics) {
        let templates = families.map { entry in
            ([entry.family.nameTemplate] + entry.raw.formerNames.map(\.name)).compactMap {
                NameTemplateAffixes(template: $0, parameterName: entry.family.parameterName)
            }
        }
        for key in keys {
            let names = [(key.storedName, key.storedNameLocation)] + key.formerNames.filter { $0.suite == .sameAsKey }.map { ($0.name, $0.location) }
            for (name, location) in names {
                guard let index = families.indices.first(where: { index in
                    templates[index].contains { $0.matches(name, parameterType: families[index].family.parameterType) }
                }) else { continue }
                let family = families[index].family
                diagnostics.error(location, Messages.Families.keyNameMakesMember(
                    name: name, key: key.identifier, family: family.key.identifier, template: family.nameTemplate))
            }
        }
        for later in families.indices {
            for earlier in families.indices where earlier < later {
                guard templates[later].contains(where: { affixes in templates[earlier].contains(where: affixes.mayOverlap) }) else { continue }
                let (first, second) = (families[earlier].family, families[later].family)
                diagnostics.error(families[later].raw.storedNameLocation, Messages.Families.familiesOverlap(
                    first: first.key.identifier, firstTemplate: first.nameTemplate, second: second.key.identifier,
                    secondTemplate: second.nameTemplate, secondParameter: second.parameterName))
            }
        }
    }

    /// The names of the schema's families, from the JSON alone (keys whose declaration has `"parameter"`): read before
    /// anything else, so that settings screens that name one say why they cannot show it.
    static func familyNames(in root: JSONNode) -> Set<String> {
        guard case .object(let members) = root.value, let keys = members.first(where: { $0.name == "keys" }),
              case .object(let declarations) = keys.node.value else { return [] }
        return Set(declarations.compactMap { declaration in
            guard case .object(let fields) = declaration.node.value, fields.contains(where: { $0.name == "parameter" }) else { return nil }
            return declaration.name
        })
    }

    /// The error for a family named in a settings screen's group (`screen`: "settings bundle", "settings view").
    func reportFamilyInSettings(_ name: String, screen: String, at location: SchemaLocation, diagnostics: inout Diagnostics) {
        diagnostics.error(location, Messages.Families.familyInSettings(name, screen: screen))
    }
}
