extension SwiftRenderer {
    /// The key families: for each, a function of `DefaultsKeys` that makes a member's key (so `Defaults[...]`,
    /// `@Default` and observation take `.selectedCalendars(widgetID: id)`), and the family itself, a static member of
    /// `DefaultsKeyFamilies` of the same name (so `store.members(of: .selectedCalendars)` lists the stored members).
    func renderKeyFamilies(_ schema: Schema, access: String, into writer: inout CodeWriter) {
        guard !schema.families.isEmpty else { return }
        writer.line()
        writer.block("nonisolated extension DefaultsKeys") { body in
            for (index, family) in schema.families.enumerated() {
                if index > 0 { body.line() }
                renderMemberFunction(family, access: access, into: &body)
            }
        }
        writer.line()
        writer.block("nonisolated extension DefaultsKeyFamilies") { body in
            for (index, family) in schema.families.enumerated() {
                if index > 0 { body.line() }
                renderFamily(family, schema: schema, access: access, into: &body)
            }
        }
    }

    /// `static func selectedCalendars(widgetID: String) -> DefaultsKey<[String]>`, documented as the key is.
    private func renderMemberFunction(_ family: KeyFamilyDeclaration, access: String, into writer: inout CodeWriter) {
        let key = family.key
        renderDocComment(for: key, into: &writer)
        writer.docComment("One value per `\(family.parameterName)`, stored under its own name; `DefaultsKeyFamilies.\(key.identifier)` lists and removes the stored ones.")
        if let message = key.deprecationMessage {
            writer.line("@available(*, deprecated, message: \(SwiftNames.stringLiteral(message)))")
        }
        let name = SwiftNames.escapedIdentifier(key.identifier)
        writer.block("\(access)static func \(name)(\(family.parameterName): \(family.parameterType.rawValue)) -> DefaultsKey<\(key.type.code)>") { body in
            body.line("DefaultsKeyFamilies.\(name).key(\(family.parameterName))")
        }
    }

    /// `static let selectedCalendars = DefaultsKeyFamily<String, [String]>("selectedCalendars_{widgetID}", default: [])`:
    /// the arguments of the key's initializer, the template for the name and former templates for former names.
    private func renderFamily(_ family: KeyFamilyDeclaration, schema: Schema, access: String, into writer: inout CodeWriter) {
        let key = family.key
        writer.docComment("The stored members of ``DefaultsKeys/\(key.identifier)(\(family.parameterName):)``: `store.members(of: .\(key.identifier))` lists the stored `\(family.parameterName)` values, `store.removeMembers(of: .\(key.identifier))` removes their values.")
        if let message = key.deprecationMessage {
            writer.line("@available(*, deprecated, message: \(SwiftNames.stringLiteral(message)))")
        }
        // The key's arguments name its stored and former names: a family's are templates.
        let (_, familyArguments) = keyInitializer(key, schema: schema, formerNamesLabel: "formerNameTemplates")
        let type = "DefaultsKeyFamily<\(family.parameterType.rawValue), \(key.type.code)>"
        // A family's own run-time suite is an expression of the module: a wrong one is reported at the family's line.
        let ownSuite = key.swiftSuite != nil && key.swiftSuite != schema.swiftSuite
        writer.sourceLocation(of: ownSuite ? key.location : nil, in: sourcePath) { declaration in
            declaration.call("\(access)static let \(SwiftNames.escapedIdentifier(key.identifier)) = \(type)", arguments: familyArguments)
        }
    }
}
