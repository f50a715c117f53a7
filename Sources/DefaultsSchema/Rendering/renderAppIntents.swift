import DefaultsFormats

extension SwiftRenderer {
    /// The intents, under `#if canImport(AppIntents)`: the enums their keys hold as `AppEnum`s, then per key "Get …",
    /// and with `"intents": true` "Set …", "Toggle …" (a `Bool`) and "Clear …" (an optional key). Each intent type is
    /// `nonisolated` (SE-0449), like every other generated declaration: under default MainActor isolation its
    /// `AppIntent` conformance would otherwise be isolated to the main actor (SE-0470), usable only there, while App
    /// Intents makes and runs intents from its own code, off the main actor. A "Set" intent's parameter alone is the
    /// main actor's (`renderSetIntent`).
    func renderAppIntents(_ keys: [IntentKey], schema: Schema, access: String, into writer: inout CodeWriter) {
        writer.line("#if canImport(AppIntents)")
        for declaration in Self.intentEnums(keys, schema: schema) {
            writer.line()
            renderAppEnum(declaration, access: access, into: &writer)
        }
        for intent in keys {
            writer.line()
            renderGetIntent(intent, access: access, into: &writer)
            guard intent.isWritable else { continue }
            writer.line()
            renderSetIntent(intent, access: access, into: &writer)
            if intent.toggles {
                writer.line()
                renderValueIntent(intent, verb: "Toggle", action: "toggle", returns: "Bool", access: access, into: &writer)
            }
            if intent.clears {
                writer.line()
                renderValueIntent(intent, verb: "Clear", action: "clear", returns: nil, access: access, into: &writer)
            }
        }
        writer.line("#endif")
    }

    /// The enums the intents' keys hold, each once, in schema order.
    static func intentEnums(_ keys: [IntentKey], schema: Schema) -> [EnumDeclaration] {
        var names: [String] = []
        for intent in keys {
            if case .choice(let choices) = intent.value.editing, !names.contains(choices.enumName) { names.append(choices.enumName) }
        }
        return names.compactMap { name in schema.enums.first { $0.name == name } }
    }

    private func renderAppEnum(_ declaration: EnumDeclaration, access: String, into writer: inout CodeWriter) {
        let choices = EnumChoices(enumName: declaration.name, declaration: declaration).choices
        let typeTitle = readableTitle(fromIdentifier: String(declaration.name.split(separator: ".").last ?? Substring(declaration.name)))
        writer.docComment("\(declaration.name) as Shortcuts, Siri and Spotlight show it: its name and its cases' titles.")
        writer.block("nonisolated extension \(declaration.name): AppEnum") { body in
            body.line("\(access)static var typeDisplayRepresentation: TypeDisplayRepresentation { \(SwiftNames.stringLiteral(typeTitle)) }")
            body.block("\(access)static var caseDisplayRepresentations: [\(declaration.name): DisplayRepresentation]") { cases in
                cases.block("[", closer: "]") { list in
                    for choice in choices {
                        list.line(".\(SwiftNames.escapedIdentifier(choice.identifier)): \(SwiftNames.stringLiteral(choice.title)),")
                    }
                }
            }
        }
    }

    private var actions: String { "DefaultsKeys.\(namespace).IntentActions" }

    private func renderIntentHeader(_ intent: IntentKey, title: String, access: String, into body: inout CodeWriter) {
        body.line("\(access)static var title: LocalizedStringResource { \(SwiftNames.stringLiteral(title)) }")
        if let description = intent.key.description {
            body.line("\(access)static var description: IntentDescription? { \(SwiftNames.stringLiteral(description)) }")
        }
    }

    /// The summary of an intent without a parameter: its title, as Shortcuts shows the action ("Get Theme").
    private func renderTitleSummary(_ title: String, access: String, into body: inout CodeWriter) {
        body.line("\(access)static var parameterSummary: some ParameterSummary { Summary(\(SwiftNames.stringLiteral(title))) }")
    }

    private func renderGetIntent(_ intent: IntentKey, access: String, into writer: inout CodeWriter) {
        writer.docComment("\"Get \(intent.key.title)\": returns the value of `DefaultsKeys.\(intent.key.identifier)`.")
        writer.block("nonisolated \(access)struct Get\(intent.typeStem)Intent: AppIntent") { body in
            renderIntentHeader(intent, title: "Get \(intent.key.title)", access: access, into: &body)
            renderTitleSummary("Get \(intent.key.title)", access: access, into: &body)
            body.line()
            body.line("\(access)init() {}")
            body.line()
            // The dialog is what Siri says when asked by voice: the value in words, in a sentence whose words around it
            // are a literal, localized from the app's strings like the titles.
            let title = String(SwiftNames.stringLiteral(intent.key.title).dropFirst().dropLast())
            body.block("\(access)func perform() async throws -> some IntentResult & ReturnsValue<\(Self.returnedType(intent))> & ProvidesDialog") { perform in
                perform.line("let value = \(actions).get\(intent.typeStem)()")
                perform.line("return .result(value: value, dialog: IntentDialog(\"\(title) is \\(\(actions).spoken\(intent.typeStem)(value))\"))")
            }
        }
    }

    private func renderSetIntent(_ intent: IntentKey, access: String, into writer: inout CodeWriter) {
        let key = intent.key
        let clamped = key.minimum != nil || key.maximum != nil ? ", clamped to its range as the store clamps it" : ""
        writer.docComment("\"Set \(key.title)\": stores the value given for `DefaultsKeys.\(key.identifier)`\(clamped).")
        writer.block("nonisolated \(access)struct Set\(intent.typeStem)Intent: AppIntent") { body in
            renderIntentHeader(intent, title: "Set \(key.title)", access: access, into: &body)
            body.line()
            body.call("@Parameter", arguments: parameterArguments(intent))
            // The compiler refuses `nonisolated` on a parameter's storage (a non-`Sendable` class): the parameter
            // is the main actor's, in every isolation mode alike, and `perform()` reads it from there.
            body.line("@MainActor \(access)var value: \(Self.parameterType(intent))")
            body.line()
            // The summary's words around the parameter are a literal too: Shortcuts shows "Set Theme to Dark".
            let title = String(SwiftNames.stringLiteral(key.title).dropFirst().dropLast())
            body.line("\(access)static var parameterSummary: some ParameterSummary { Summary(\"Set \(title) to \\(\\.$value)\") }")
            body.line()
            body.line("\(access)init() {}")
            body.line()
            body.block("\(access)func perform() async throws -> some IntentResult") { perform in
                perform.line("\(actions).set\(intent.typeStem)(await value)")
                perform.line("return .result()")
            }
        }
    }

    /// `@Parameter`'s arguments: the key's title and description, its default where App Intents takes one as a
    /// literal (not a `Date`'s or a `URL`'s, which have no literal, not an array's), and its range.
    private func parameterArguments(_ intent: IntentKey) -> [String] {
        let key = intent.key
        var arguments = ["title: \(SwiftNames.stringLiteral(key.title))"]
        if let description = key.description { arguments.append("description: \(SwiftNames.stringLiteral(description))") }
        if !intent.value.isArray, let value = key.defaultValue, let text = parameterDefault(value, intent) {
            arguments.append("default: \(text)")
        }
        if let range = intent.value.inclusiveRange { arguments.append("inclusiveRange: (\(range.lower), \(range.upper))") }
        return arguments
    }

    private func parameterDefault(_ value: DefaultValue, _ intent: IntentKey) -> String? {
        switch value {
        case .bool, .string, .enumCase, .double, .float: return literal(value)
        // An `Int` parameter holds it, or it has no default there.
        case .integer(let text): return Int(text) == nil ? nil : text
        default: return nil
        }
    }

    /// "Toggle …" (returning what the setting is now) or "Clear …": no parameter.
    private func renderValueIntent(_ intent: IntentKey, verb: String, action: String, returns: String?, access: String,
                                   into writer: inout CodeWriter) {
        let key = intent.key
        let what = verb == "Toggle" ? "turns `DefaultsKeys.\(key.identifier)` on or off and returns what it is now"
            : "removes the value of `DefaultsKeys.\(key.identifier)`, which reads its default again"
        writer.docComment("\"\(verb) \(key.title)\": \(what).")
        writer.block("nonisolated \(access)struct \(verb)\(intent.typeStem)Intent: AppIntent") { body in
            renderIntentHeader(intent, title: "\(verb) \(key.title)", access: access, into: &body)
            renderTitleSummary("\(verb) \(key.title)", access: access, into: &body)
            body.line()
            body.line("\(access)init() {}")
            body.line()
            if let returns {
                body.block("\(access)func perform() async throws -> some IntentResult & ReturnsValue<\(returns)>") { perform in
                    perform.line(".result(value: \(actions).\(action)\(intent.typeStem)())")
                }
            } else {
                body.block("\(access)func perform() async throws -> some IntentResult") { perform in
                    perform.line("\(actions).\(action)\(intent.typeStem)()")
                    perform.line("return .result()")
                }
            }
        }
    }
}
