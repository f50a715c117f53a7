extension SettingsReferenceRenderer {
    /// The reference's "Shortcuts" section: each key's App Intents, and an `AppShortcutsProvider` to paste into the
    /// app, whose phrases Siri and Spotlight offer. Generated as text, not code: an app has one provider, which it
    /// owns, and App Intents reads each `AppShortcut` where the provider writes it; which keys get one is
    /// ``AppShortcutChoice``'s. Empty when no key has intents, so other schemas keep their reference as it was.
    func shortcutsSection(_ schema: Schema) -> String {
        let intents = IntentKey.all(in: schema)
        guard !intents.isEmpty else { return "" }
        var text = "\n## Shortcuts\n\n"
        text += "These settings can be read, and those marked so changed, from the Shortcuts app, Siri and Spotlight, "
        text += "through the App Intents the generated file declares.\n\n"
        text += "| setting | intents |\n|---|---|\n"
        let choice = AppShortcutChoice.choose(intents.map(\.key), limit: schema.appShortcuts)
        var shortcuts: [String] = []
        for offered in choice.offered {
            if let intent = intents.first(where: { $0.key.identifier == offered }) { shortcuts.append(appShortcut(intent)) }
        }
        for intent in intents {
            let key = intent.key
            var names = ["Get\(intent.typeStem)Intent"]
            if intent.isWritable { names.append("Set\(intent.typeStem)Intent") }
            if intent.toggles { names.append("Toggle\(intent.typeStem)Intent") }
            if intent.clears { names.append("Clear\(intent.typeStem)Intent") }
            text += "| \(cell(key.title)) (`\(cell(key.identifier))`) | \(names.map { "`\($0)`" }.joined(separator: ", ")) |\n"
        }
        text += "\nTo let people run them by voice and find them in Spotlight, paste this `AppShortcutsProvider` into the app: "
        text += "\(shortcuts.count) App Shortcuts of the \(AppShortcutChoice.appleLimit) Apple allows an app, which its own "
        text += "shortcuts share (`\"appShortcuts\"` in the schema sets how many; keys with `\"shortcut\": true` come first, then "
        text += "schema order). Every phrase names the app (`\\(.applicationName)`), and may name an enum parameter.\n"
        if !choice.intentsOnly.isEmpty {
            text += "\nIntents only, with no App Shortcut (Shortcuts still offers them): "
            text += choice.intentsOnly.map { "`\(cell($0))`" }.joined(separator: ", ") + ".\n"
        }
        text += "\n"
        text += "```swift\nstruct AppShortcuts: AppShortcutsProvider {\n    static var appShortcuts: [AppShortcut] {\n"
        text += shortcuts.joined()
        text += "    }\n}\n```\n"
        return text
    }

    /// One `AppShortcut`: "Set" for an enum (its phrases name the case), "Toggle" for a `Bool`, "Get" otherwise.
    private func appShortcut(_ intent: IntentKey) -> String {
        let title = SwiftNames.stringLiteral(intent.key.title).dropFirst().dropLast()
        let intentName: String
        let phrases: [String]
        if intent.isWritable, case .choice = intent.value.editing, !intent.value.isArray {
            intentName = "Set\(intent.typeStem)Intent"
            phrases = ["Set \(title) to \\(\\.$value) in \\(.applicationName)", "Use \\(\\.$value) \(title) in \\(.applicationName)"]
        } else if intent.toggles {
            intentName = "Toggle\(intent.typeStem)Intent"
            phrases = ["Toggle \(title) in \\(.applicationName)"]
        } else {
            intentName = "Get\(intent.typeStem)Intent"
            phrases = ["Get \(title) in \\(.applicationName)", "What is \(title) in \\(.applicationName)"]
        }
        var text = "        AppShortcut(\n            intent: \(intentName)(),\n            phrases: [\n"
        for phrase in phrases { text += "                \"\(phrase)\",\n" }
        text += "            ],\n            shortTitle: \"\(title)\",\n            systemImageName: \"gearshape\"\n        )\n"
        return text
    }
}
