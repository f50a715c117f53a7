extension SwiftRenderer {
    /// The schema's `settingsView` as a SwiftUI `Form`, where SwiftUI exists: a `Section` per group, a control per
    /// key by its type (``SettingsControl``). Every control edits its key through `store.binding(_:)` or the store's
    /// subscript, so the form follows other writers' changes; titles and help come from the keys' labels, group
    /// titles and footers from the schema, all translated through the module's strings bundle.
    ///
    /// Where a control does not exist (tvOS has no `Slider`, `Stepper` or `DatePicker`), the row is a number field
    /// or the date as text instead. Not `nonisolated`: a `View` is isolated to the main actor.
    func renderSettingsView(_ view: SettingsViewDeclaration, schema: Schema, access: String, into writer: inout CodeWriter) {
        let keys = Dictionary(schema.keys.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        writer.line("#if canImport(SwiftUI)")
        writer.docComment("The settings of \(sourceName) as a form (\"settingsView\"): an iOS settings screen, or the content of a macOS `Settings` scene. Each control edits its key in the store given (for a key declared with a suite, in that suite's store) and follows every other writer's changes.")
        // `@MainActor` written out: SDKs before iOS 18 isolate only `body`, and the helpers build views too.
        writer.block("@MainActor \(access)struct \(view.name): View") { body in
            body.docComment("Where the settings are read and written.")
            body.line("private let store: DefaultsStore")
            if view.exportImport {
                body.docComment("What \"Export Settings…\" and \"Import Settings…\" show and do.")
                body.line("@State private var transfer: DefaultsSettingsTransfer")
            }
            body.line()
            body.docComment("A form over `store`: the standard store unless given (in memory in previews and in `withIsolatedDefaults`).")
            body.block("\(access)init(store: DefaultsStore = .standard)") { initializer in
                initializer.line("self.store = store")
                if view.exportImport {
                    initializer.line("_transfer = State(initialValue: DefaultsSettingsTransfer(")
                    initializer.line("    store: store,")
                    initializer.line("    keys: DefaultsKeys.\(namespace).all,")
                    initializer.line("    families: DefaultsKeys.\(namespace).families,")
                    initializer.line("    schemaRelease: DefaultsKeys.\(namespace).latestRelease")
                    initializer.line("))")
                }
            }
            body.line()
            body.block("\(access)var body: some View") { content in
                content.block("Form") { form in
                    for (index, group) in view.groups.enumerated() {
                        if index > 0 { form.line() }
                        renderSettingsGroup(group, keys: keys, into: &form)
                    }
                    if view.exportImport {
                        form.line()
                        renderTransferSection(into: &form)
                    }
                }
                content.line(".formStyle(.grouped)")
                if view.exportImport { renderTransferModifiers(into: &content) }
            }
            body.line()
            renderSettingsViewHelpers(view, into: &body)
            renderManagedRowHelper(view, keys: keys, into: &body)
        }
        writer.line("#endif")
    }

    /// The "Export Settings…" and "Import Settings…" buttons, and the last import's report with its Undo.
    private func renderTransferSection(into writer: inout CodeWriter) {
        writer.block("Section") { section in
            section.line("Button(string(\"Export Settings…\")) { transfer.prepareExport() }")
            section.line("Button(string(\"Import Settings…\")) { transfer.chooseFile() }")
            section.block("if let report = transfer.lastReport") { report in
                report.line("Text(verbatim: report.description).font(.footnote).foregroundStyle(.secondary)")
                report.line("Button(string(\"Undo Import\")) { transfer.undoLastImport() }")
            }
        }
    }

    /// The exporter, the importer, the question before an import and the message of a refused file.
    private func renderTransferModifiers(into writer: inout CodeWriter) {
        writer.line(".fileExporter(")
        writer.line("    isPresented: $transfer.isExporting, item: transfer.fileToExport, contentTypes: [.json],")
        writer.line("    defaultFilename: \"Settings.json\"")
        writer.line(") { transfer.exported($0) }")
        writer.block(".fileImporter(isPresented: $transfer.isChoosingFile, allowedContentTypes: [.json, .propertyList])") { importer in
            importer.line("transfer.chose($0)")
        }
        writer.line(".confirmationDialog(")
        writer.line("    Text(verbatim: transfer.pendingSummary), isPresented: $transfer.isAskingToImport, titleVisibility: .visible")
        writer.block(")", closer: "}") { dialog in
            dialog.line("Button(string(\"Import\")) { transfer.confirmImport() }")
            dialog.line("Button(string(\"Cancel\"), role: .cancel) { transfer.cancelImport() }")
        }
        writer.block(".alert(Text(verbatim: string(\"Settings Not Imported\")), isPresented: $transfer.isShowingFailure)",
                     closer: "} message: { Text(verbatim: transfer.failure ?? \"\") }") { alert in
            alert.line("Button(string(\"OK\")) {}")
        }
    }

    private func renderSettingsGroup(_ group: SettingsViewDeclaration.Group, keys: [String: KeyDeclaration], into writer: inout CodeWriter) {
        // Header and footer as trailing closures of the section.
        var closer = "}"
        if let title = group.title { closer += " header: { text(\(SwiftNames.stringLiteral(title))) }" }
        if let footer = group.footer { closer += " footer: { text(\(SwiftNames.stringLiteral(footer))) }" }
        writer.block("Section", closer: closer) { section in
            for row in group.rows {
                guard let key = keys[row.key] else { continue }
                renderSettingsRow(row, key: key, into: &section)
            }
        }
    }

    private func renderSettingsRow(_ row: SettingsViewDeclaration.Row, key: KeyDeclaration, into writer: inout CodeWriter) {
        let name = SwiftNames.escapedIdentifier(key.identifier)
        if key.managed {
            // The same row, disabled with a note while an administrator sets the key (renderManagedRowHelper).
            var unmanaged = key
            unmanaged.managed = false
            writer.block("managed(.\(name))") { managed in renderSettingsRow(row, key: unmanaged, into: &managed) }
            return
        }
        let keyReference = "DefaultsKeys.\(name)"
        let binding = "store.binding(.\(name))"
        switch row.control {
        case .toggle:
            writer.line("Toggle(isOn: \(row.isOptional ? "flag(.\(name))" : binding)) { label(\(keyReference)) }")
            writer.line("    .accessibilityLabel(title(\(keyReference)))")
            writer.line("    .accessibilityHint(hint(\(keyReference)))")
        case .picker(let enumName):
            writer.block("Picker(selection: \(binding))", closer: "} label: { label(\(keyReference)) }") { picker in
                if row.isOptional {
                    picker.line("text(\"None\").tag(\(enumName)?.none)")
                    picker.line("ForEach(\(enumName).allCases) { Text(verbatim: $0.title).tag(\(enumName)?.some($0)) }")
                } else {
                    picker.line("ForEach(\(enumName).allCases) { Text(verbatim: $0.title).tag($0) }")
                }
            }
            writer.line(".accessibilityLabel(title(\(keyReference)))")
            writer.line(".accessibilityHint(hint(\(keyReference)))")
        case .slider(let minimum, let maximum):
            writer.line("#if os(tvOS)")
            renderField("value: \(binding)", format: ".number", keyReference: keyReference, into: &writer)
            writer.line("#else")
            // The value beside the title and the range's ends beside the track (HIG, "Sliders").
            writer.block("VStack(alignment: .leading)") { stack in
                renderLabeled("Text(store[.\(name)], format: .number.precision(.fractionLength(0...2)))", keyReference: keyReference, into: &stack)
                stack.block("Slider(value: \(binding), in: \(rangeLiteral(minimum, maximum)))", closer: "} minimumValueLabel: {") { slider in
                    slider.line("title(\(keyReference))")
                }
                stack.line("    Text(\(literal(minimum)), format: .number)")
                stack.line("} maximumValueLabel: {")
                stack.line("    Text(\(literal(maximum)), format: .number)")
                stack.line("}")
                stack.line(".labelsHidden()")
                stack.line(".accessibilityLabel(title(\(keyReference)))")
                stack.line(".accessibilityHint(hint(\(keyReference)))")
            }
            writer.line("#endif")
        case .stepper(let minimum, let maximum):
            writer.line("#if os(tvOS)")
            renderField("value: \(binding)", format: ".number", keyReference: keyReference, into: &writer)
            writer.line("#else")
            writer.block("Stepper(value: \(binding), in: \(rangeLiteral(minimum, maximum)))") { stepper in
                renderLabeled("Text(store[.\(name)], format: .number)", keyReference: keyReference, into: &stepper)
            }
            writer.line(".accessibilityLabel(title(\(keyReference)))")
            writer.line(".accessibilityHint(hint(\(keyReference)))")
            writer.line("#endif")
        case .text:
            renderField("text: \(row.isOptional ? "optionalText(.\(name))" : binding)", format: nil, keyReference: keyReference, into: &writer)
        case .number:
            // Numbers and punctuation: the number and decimal pads have neither a minus key nor a return key, and a
            // field of a value commits on return.
            renderField("value: \(binding)", format: ".number", keyReference: keyReference, iOSModifiers: [".keyboardType(.numbersAndPunctuation)"], into: &writer)
        case .date:
            writer.line("#if os(tvOS)")
            let shown = row.isOptional ? "store[.\(name)].map { Text($0, format: .dateTime) } ?? text(\"None\")" : "Text(store[.\(name)], format: .dateTime)"
            renderLabeled(shown, keyReference: keyReference, into: &writer)
            writer.line("#else")
            writer.line("DatePicker(selection: \(row.isOptional ? "date(.\(name))" : binding)) { label(\(keyReference)) }")
            writer.line("    .accessibilityLabel(title(\(keyReference)))")
            writer.line("    .accessibilityHint(hint(\(keyReference)))")
            writer.line("#endif")
        case .color(let isCGColor):
            // `ColorPicker` (iOS 14, macOS 11) does not exist on tvOS and watchOS: the colour is shown there (clear
            // while an optional key is unset).
            writer.line("#if os(tvOS) || os(watchOS)")
            let value = "store[.\(name)]"
            let shown: String
            switch (isCGColor, row.isOptional) {
            case (false, false): shown = value
            case (false, true): shown = "\(value) ?? .clear"
            case (true, false): shown = "SwiftUI.Color(cgColor: \(value))"
            case (true, true): shown = "\(value).map { SwiftUI.Color(cgColor: $0) } ?? .clear"
            }
            renderLabeled("Circle().fill(\(shown)).frame(width: 24, height: 24)", keyReference: keyReference, into: &writer)
            writer.line("#else")
            let selection = row.isOptional ? "\(isCGColor ? "cgColor" : "color")(.\(name))" : binding
            writer.line("ColorPicker(selection: \(selection), supportsOpacity: true) { label(\(keyReference)) }")
            writer.line("    .accessibilityLabel(title(\(keyReference)))")
            writer.line("    .accessibilityHint(hint(\(keyReference)))")
            writer.line("#endif")
        case .url:
            renderField("value: \(binding)", format: ".url", keyReference: keyReference, prompt: "Text(verbatim: \"https://\")",
                        modifiers: [".autocorrectionDisabled()"], iOSModifiers: [".keyboardType(.URL)", ".textInputAutocapitalization(.never)"], into: &writer)
        }
        // A text field clears by being emptied; the other optional controls by a button, shown while a value is set.
        if row.isOptional && row.control != .text { writer.line("clearButton(.\(name))") }
    }

    /// `content` (a value shown, not edited) in a row titled by the key.
    private func renderLabeled(_ content: String, keyReference: String, into writer: inout CodeWriter) {
        writer.block("LabeledContent", closer: "} label: { label(\(keyReference)) }") { labeled in labeled.line(content) }
    }

    /// A text field in a row titled by the key: `format` makes it take only values it parses (the binding keeps its
    /// value while the text is not one).
    private func renderField(_ value: String, format: String?, keyReference: String, prompt: String? = nil, modifiers: [String] = [],
                             iOSModifiers: [String] = [], into writer: inout CodeWriter) {
        writer.block("LabeledContent", closer: "} label: { label(\(keyReference)) }") { content in
            var arguments = [value]
            if let format { arguments.append("format: \(format)") }
            arguments.append("prompt: \(prompt ?? "title(\(keyReference))")")
            content.call("TextField", arguments: arguments, suffix: " { title(\(keyReference)) }")
            content.line("    .multilineTextAlignment(.trailing)")
            // The row's own label titles it (a macOS form would show the field's label a second time).
            content.line("    .labelsHidden()")
            content.line("    .accessibilityHint(hint(\(keyReference)))")
            for modifier in modifiers { content.line("    \(modifier)") }
            if !iOSModifiers.isEmpty {
                content.line("    #if os(iOS)")
                for modifier in iOSModifiers { content.line("    \(modifier)") }
                content.line("    #endif")
            }
        }
    }

    /// `minimum...maximum`, spaced when the upper bound is negative (`-6.0...-1.0` does not compile).
    private func rangeLiteral(_ minimum: DefaultValue, _ maximum: DefaultValue) -> String {
        let high = literal(maximum)
        return high.hasPrefix("-") ? "\(literal(minimum)) ... \(high)" : "\(literal(minimum))...\(high)"
    }

    /// The view's private helpers: a key's title with its help under it, the schema's texts translated, and the
    /// bindings and button of optional keys, each written only when a row uses it.
    private func renderSettingsViewHelpers(_ view: SettingsViewDeclaration, into writer: inout CodeWriter) {
        let rows = view.groups.flatMap(\.rows)
        writer.docComment("A key's title, and its help below it as iOS and macOS settings show a description (a tooltip too, on macOS).")
        writer.block("private func label(_ key: DefaultsKeys) -> some View") { body in
            body.block("VStack(alignment: .leading, spacing: 2)") { stack in
                stack.line("Text(verbatim: key.label.title)")
                stack.block("if let help = key.label.help") { help in
                    help.line("Text(verbatim: help).font(.footnote).foregroundStyle(.secondary)")
                }
            }
            body.line("#if os(macOS)")
            body.line(".help(key.label.help ?? \"\")")
            body.line("#endif")
        }
        writer.line()
        writer.docComment("A key's title, translated: what a control's accessibility label and a field's prompt say.")
        writer.block("private func title(_ key: DefaultsKeys) -> Text") { body in
            body.line("Text(verbatim: key.label.title)")
        }
        writer.line()
        writer.docComment("A key's help, translated, for VoiceOver (empty when the key has none).")
        writer.block("private func hint(_ key: DefaultsKeys) -> Text") { body in
            body.line("Text(verbatim: key.label.help ?? \"\")")
        }
        writer.line()
        writer.docComment("A text of \(sourceName) (a group's title or footer, \"None\", \"Clear\"), translated through the module's strings bundle.")
        writer.block("private func string(_ key: String) -> String") { body in
            body.line("DefaultsKeys.\(namespace).stringsBundle.localizedString(forKey: key, value: key, table: nil)")
        }
        writer.line()
        writer.block("private func text(_ key: String) -> Text") { body in
            body.line("Text(verbatim: string(key))")
        }
        if rows.contains(where: { $0.isOptional && $0.control == .text }) {
            writer.line()
            writer.docComment("An optional string key as a text field's text: emptying the field clears the key.")
            writer.block("private func optionalText(_ key: DefaultsKey<String?>) -> Binding<String>") { body in
                body.line("Binding(get: { store[key] ?? \"\" }, set: { store[key] = $0.isEmpty ? nil : $0 })")
            }
        }
        if rows.contains(where: { $0.isOptional && $0.control == .toggle }) {
            writer.line()
            writer.docComment("An optional Bool key as a toggle: off while it holds nothing.")
            writer.block("private func flag(_ key: DefaultsKey<Bool?>) -> Binding<Bool>") { body in
                body.line("Binding(get: { store[key] ?? false }, set: { store[key] = $0 })")
            }
        }
        if rows.contains(where: { $0.isOptional && $0.control == .date }) {
            writer.line()
            writer.docComment("An optional date key as a date picker's selection: now while it holds nothing.")
            writer.block("private func date(_ key: DefaultsKey<Foundation.Date?>) -> Binding<Foundation.Date>") { body in
                body.line("Binding(get: { store[key] ?? Foundation.Date() }, set: { store[key] = $0 })")
            }
        }
        if rows.contains(where: { $0.isOptional && $0.control == .color(isCGColor: false) }) {
            writer.line()
            writer.docComment("An optional colour key as a colour picker's selection: black while it holds nothing.")
            writer.block("private func color(_ key: DefaultsKey<SwiftUI.Color?>) -> Binding<SwiftUI.Color>") { body in
                body.line("Binding(get: { store[key] ?? .black }, set: { store[key] = $0 })")
            }
        }
        if rows.contains(where: { $0.isOptional && $0.control == .color(isCGColor: true) }) {
            writer.line()
            writer.docComment("An optional CGColor key as a colour picker's selection: black while it holds nothing.")
            writer.block("private func cgColor(_ key: DefaultsKey<CGColor?>) -> Binding<CGColor>") { body in
                body.line("Binding(get: { store[key] ?? CGColor(gray: 0, alpha: 1) }, set: { store[key] = $0 })")
            }
        }
        if rows.contains(where: { $0.isOptional && $0.control != .text }) {
            writer.line()
            writer.docComment("A button that clears an optional key, shown while it holds a value.")
            writer.line("@ViewBuilder")
            writer.block("private func clearButton<Value: DefaultsSerializable>(_ key: DefaultsKey<Value?>) -> some View") { body in
                body.block("if store[key] != nil") { clear in
                    clear.line("Button(role: .destructive) { store[key] = nil } label: { text(\"Clear\") }")
                    clear.line("    .accessibilityLabel(string(\"Clear\") + \" \" + key.label.title)")
                }
            }
        }
    }
}
