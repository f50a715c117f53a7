#if canImport(SwiftUI)
import SwiftUI
import UniformTypeIdentifiers

/// Every key of a list, for developers: its current value and whether it is the default, its type, suite and
/// iCloud mark; scalars, strings, enums, dates and URLs edited in place, the stored property list of the others
/// shown; reset one key (swipe, or the row's menu) or all; search by title, stored name or type. One line in a
/// debug menu:
///
/// ```swift
/// NavigationLink("Settings (debug)") { DefaultsEditor(DefaultsKeys.App.all) }
/// ```
///
/// The toolbar's "Export…" and "Import…" write and read a settings file of the keys, as an app's settings screen
/// does (``DefaultsSettingsTransfer``): to carry a test setup between devices, or attach one to a bug report.
///
/// What it shows and does is ``DefaultsEditorModel``'s (plain Swift, tested on Linux); this view only draws it.
/// Every row reads through the store, so the editor follows other writers' changes. On tvOS, where there is no date
/// picker, a date is shown as text.
@MainActor
public struct DefaultsEditor: View {
    private let model: DefaultsEditorModel
    @State private var query = ""
    @State private var transfer: DefaultsSettingsTransfer

    /// An editor of `keys` in `store`: each key in its own suite's store, for a store of a family.
    public init(_ keys: [DefaultsKeys], store: DefaultsStore = .standard) {
        model = DefaultsEditorModel(keys: keys, store: store)
        _transfer = State(initialValue: DefaultsSettingsTransfer(store: store, keys: keys))
    }

    public var body: some View {
        List {
            ForEach(model.rows(matching: query)) { row in
                DefaultsEditorRowView(row: row, model: model)
            }
        }
        .searchable(text: $query, prompt: Text(verbatim: "Title, name or type"))
        .navigationTitle(Text(verbatim: "Defaults"))
        .toolbar {
            ToolbarItem {
                Button(role: .destructive) { model.resetAll() } label: { Text(verbatim: "Reset All") }
                    .accessibilityLabel(Text(verbatim: "Reset every key to its default"))
            }
            ToolbarItem {
                Menu {
                    Button { transfer.prepareExport() } label: { Text(verbatim: "Export…") }
                    Button { transfer.chooseFile() } label: { Text(verbatim: "Import…") }
                    if transfer.lastReport != nil {
                        Button { transfer.undoLastImport() } label: { Text(verbatim: "Undo Import") }
                    }
                } label: {
                    Text(verbatim: "File")
                }
            }
        }
        .fileExporter(isPresented: $transfer.isExporting, item: transfer.fileToExport, contentTypes: [.json],
                      defaultFilename: "Settings.json") { transfer.exported($0) }
        .fileImporter(isPresented: $transfer.isChoosingFile, allowedContentTypes: [.json, .propertyList]) { transfer.chose($0) }
        .confirmationDialog(Text(verbatim: transfer.pendingSummary), isPresented: $transfer.isAskingToImport,
                            titleVisibility: .visible) {
            Button { transfer.confirmImport() } label: { Text(verbatim: "Import") }
            Button(role: .cancel) { transfer.cancelImport() } label: { Text(verbatim: "Cancel") }
        }
        .alert(Text(verbatim: "Settings Not Imported"), isPresented: $transfer.isShowingFailure) {
            Button {} label: { Text(verbatim: "OK") }
        } message: {
            Text(verbatim: transfer.failure ?? "")
        }
    }
}

@MainActor
private struct DefaultsEditorRowView: View {
    let row: DefaultsEditorRow
    let model: DefaultsEditorModel
    @State private var text = ""
    @State private var refused = false

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Text(verbatim: row.title).font(.headline)
                Spacer()
                Text(verbatim: row.isDefault ? "Default" : "Set")
                    .font(.caption)
                    .foregroundStyle(row.isDefault ? Color.secondary : Color.accentColor)
            }
            Text(verbatim: details).font(.caption).foregroundStyle(.secondary)
            // A forced key's writes change nothing: its control is disabled rather than refusing in silence.
            control.disabled(row.isForced)
        }
        .accessibilityElement(children: .contain)
        #if !os(tvOS) && !os(watchOS)
        .contextMenu {
            // Off for a forced row too: its reset would be refused.
            Button(role: .destructive) { model.reset(row) } label: { Text(verbatim: "Reset to Default") }
                .disabled(!row.canReset)
        }
        #endif
        #if !os(tvOS)
        .swipeActions {
            if row.canReset {
                Button(role: .destructive) { model.reset(row) } label: { Text(verbatim: "Reset") }
            }
        }
        #endif
    }

    private var details: String {
        [row.name, row.typeName, row.suiteName.map { "suite \($0)" }, row.syncsWithICloud ? "iCloud" : nil, row.isForced ? "Managed" : nil]
            .compactMap { $0 }.joined(separator: " · ")
    }

    @ViewBuilder
    private var control: some View {
        switch row.control {
        case .toggle:
            Toggle(isOn: Binding(get: { row.boolValue ?? false }, set: { model.setBool($0, for: row) })) { Text(verbatim: row.valueText) }
                .accessibilityLabel(Text(verbatim: row.title))
        case .choice(let choices):
            Picker(selection: Binding(get: { row.choiceIndex ?? -1 }, set: { model.setChoice($0, for: row) })) {
                ForEach(choices.indices, id: \.self) { Text(verbatim: choices[$0].title).tag($0) }
            } label: {
                Text(verbatim: row.title)
            }
            .accessibilityLabel(Text(verbatim: row.title))
        case .date:
            #if os(tvOS)
            Text(verbatim: row.valueText).accessibilityLabel(Text(verbatim: row.title))
            #else
            DatePicker(selection: Binding(get: { row.dateValue ?? Date() }, set: { model.setDate($0, for: row) })) {
                Text(verbatim: row.title)
            }
            .labelsHidden()
            .accessibilityLabel(Text(verbatim: row.title))
            #endif
        case .text:
            TextField(text: $text, prompt: Text(verbatim: row.valueText)) { Text(verbatim: row.title) }
                .onSubmit { refused = !model.setText(text, for: row) }
                .onAppear { text = row.valueText == "nil" ? "" : row.valueText }
                .onChange(of: row.valueText) { _, value in text = value == "nil" ? "" : value }
                .autocorrectionDisabled()
                .foregroundStyle(refused ? Color.red : Color.primary)
                .accessibilityLabel(Text(verbatim: row.title))
                .accessibilityHint(Text(verbatim: refused ? "Not a value of type \(row.typeName)" : "Type a value, then return"))
        case .propertyList:
            Text(verbatim: row.valueText)
                .font(.system(.caption, design: .monospaced))
                #if !os(tvOS) && !os(watchOS)
                .textSelection(.enabled)
                #endif
                .accessibilityLabel(Text(verbatim: row.title))
        }
    }
}
#endif
