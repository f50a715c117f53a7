import DefaultsFormats

/// The App Intents of the keys with `"intents"`, in two halves: ``renderIntentActions(_:access:into:)``, plain Swift
/// compiled everywhere, does what each intent does (tested on Linux); ``renderAppIntents(_:access:into:)``, under
/// `#if canImport(AppIntents)`, declares the intents Shortcuts, Siri and Spotlight show, each calling its action.
/// Every title App Intents reads at build time is a literal: Xcode's metadata extraction reads nothing else.
extension SwiftRenderer {
    // MARK: The actions

    /// `DefaultsKeys.<namespace>.IntentActions`: what each intent reads and writes.
    func renderIntentActions(_ keys: [IntentKey], access: String, into writer: inout CodeWriter) {
        writer.block("nonisolated extension DefaultsKeys.\(namespace)") { body in
            body.docComment("What the App Intents of \(sourceName) read and write: each key in its own suite's store (in memory inside `withIsolatedDefaults`), values clamped to its range as the store clamps them. Plain Swift, so what the intents do is tested where App Intents does not exist.")
            body.block("\(access)enum IntentActions") { actions in
                for (index, intent) in keys.enumerated() {
                    if index > 0 { actions.line() }
                    renderActions(of: intent, access: access, into: &actions)
                }
            }
        }
    }

    private func renderActions(of intent: IntentKey, access: String, into writer: inout CodeWriter) {
        let key = intent.key
        let reference = "Defaults[.\(SwiftNames.escapedIdentifier(key.identifier))]"
        let returned = Self.returnedType(intent)
        writer.docComment("The value of `\(key.identifier)`, as \"Get \(key.title)\" returns it.")
        writer.line("\(access)static func get\(intent.typeStem)() -> \(returned) { \(Self.outward(reference, intent)) }")
        renderSpoken(intent, access: access, into: &writer)
        guard intent.isWritable else { return }
        writer.docComment("Stores `value` for `\(key.identifier)`, as \"Set \(key.title)\" does.")
        writer.line("\(access)static func set\(intent.typeStem)(_ value: \(Self.parameterType(intent))) { \(reference) = \(Self.inward("value", intent)) }")
        if intent.toggles {
            writer.docComment("Turns `\(key.identifier)` on or off, as \"Toggle \(key.title)\" does, and returns what it is now; in one step, so two toggles at once both count.")
            writer.line("@discardableResult")
            writer.block("\(access)static func toggle\(intent.typeStem)() -> Bool") { body in
                body.line("DefaultsStore.standard.update(.\(SwiftNames.escapedIdentifier(key.identifier))) { value in")
                body.line("    value.toggle()")
                body.line("    return value")
                body.line("}")
            }
        }
        if intent.clears {
            writer.docComment("Removes the value of `\(key.identifier)`, as \"Clear \(key.title)\" does: it reads its default again.")
            writer.line("\(access)static func clear\(intent.typeStem)() { \(reference) = nil }")
        }
    }

    /// `spoken<Key>(_:)`: the value in words, as "Get …" says it in its dialog: `on` or `off`, an enum case's title,
    /// a number or text as it is, a date with its time, a list joined by commas (`none` when empty), `not set` for an
    /// optional key holding nothing.
    private func renderSpoken(_ intent: IntentKey, access: String, into writer: inout CodeWriter) {
        let key = intent.key
        writer.docComment("The value of `\(key.identifier)` in words, as \"Get \(key.title)\" says it.")
        writer.block("\(access)static func spoken\(intent.typeStem)(_ value: \(Self.returnedType(intent))) -> String") { body in
            if key.type.isOptional { body.line("guard let value else { return \"not set\" }") }
            if case .choice(let choices) = intent.value.editing {
                let entries = choices.choices.map { ".\(SwiftNames.escapedIdentifier($0.identifier)): \(SwiftNames.stringLiteral($0.title))" }
                body.line("let titles: [\(choices.enumName): String] = [\(entries.joined(separator: ", "))]")
            }
            let each: String
            switch intent.value.editing {
            case .toggle: each = "($0 ? \"on\" : \"off\")"
            case .choice: each = "(titles[$0] ?? String(describing: $0))"
            case .url: each = "$0.absoluteString"
            case .date: each = "$0.formatted(date: .long, time: .shortened)"
            case .text: each = "$0"
            default: each = "String(describing: $0)"
            }
            if intent.value.isArray {
                body.line("return value.isEmpty ? \"none\" : value.map { \(each) }.joined(separator: \", \")")
            } else {
                body.line("return \(each.replacingOccurrences(of: "$0", with: "value"))")
            }
        }
    }

    /// The Swift type of an intent's parameter: the key's, or the App Intents type it goes through.
    static func parameterType(_ intent: IntentKey) -> String {
        let type = intent.key.type.unwrappingOptional
        let scalar: SchemaType
        if case .array(let element) = type { scalar = element } else { scalar = type }
        let spelled: String
        switch intent.value.conversion {
        case .none: spelled = scalar.code
        case .integer: spelled = "Int"
        case .real: spelled = "Double"
        case .uuidText: spelled = "String"
        }
        return intent.value.isArray ? "[\(spelled)]" : spelled
    }

    /// What "Get …" returns: the parameter's type, optional for an optional key.
    static func returnedType(_ intent: IntentKey) -> String {
        parameterType(intent) + (intent.key.type.isOptional ? "?" : "")
    }

    /// `expression` (of the key's type) as the parameter's type.
    static func outward(_ expression: String, _ intent: IntentKey) -> String {
        let each: String
        switch intent.value.conversion {
        case .none: return expression
        case .integer: each = "Int(clamping: $0)"
        case .real: each = "Double($0)"
        case .uuidText: each = "$0.uuidString"
        }
        switch (intent.key.type.isOptional, intent.value.isArray) {
        case (false, false): return each.replacingOccurrences(of: "$0", with: expression)
        case (true, true): return "\(expression)?.map { \(each) }"
        default: return "\(expression).map { \(each) }"
        }
    }

    /// `expression` (of the parameter's type) as the key's type: integers clamped to the key's type, then the
    /// store clamps them to the key's range.
    static func inward(_ expression: String, _ intent: IntentKey) -> String {
        let each: String
        switch intent.value.conversion {
        case .none, .uuidText: return expression
        case .integer(let builtin): each = "\(builtin.codeSpelling)(clamping: $0)"
        case .real(let builtin): each = "\(builtin.codeSpelling)($0)"
        }
        return intent.value.isArray ? "\(expression).map { \(each) }" : each.replacingOccurrences(of: "$0", with: expression)
    }
}
