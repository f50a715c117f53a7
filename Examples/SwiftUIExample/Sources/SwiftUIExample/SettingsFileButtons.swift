// docs/Guide.md's "Settings people can carry" snippet, verbatim (SwiftUISnippetTests checks it on Linux).
import SwiftUI
import TypedDefaults
import UniformTypeIdentifiers

struct SettingsFileButtons: View {
    @State private var exporting = false
    @State private var importing = false
    @State private var report: DefaultsImportReport?

    var body: some View {
        ShareLink(item: DefaultsStore.standard.exportSettings(DefaultsKeys.SwiftUIExample.all), preview: SharePreview("Settings"))
        Button("Export Settings…") { exporting = true }
            .fileExporter(isPresented: $exporting, item: DefaultsStore.standard.exportSettings(DefaultsKeys.SwiftUIExample.all),
                          contentTypes: [.json], defaultFilename: "Settings.json") { _ in }
        Button("Import Settings…") { importing = true }
            .fileImporter(isPresented: $importing, allowedContentTypes: [.json, .propertyList]) { result in
                guard let url = try? result.get(), let file = try? DefaultsExport(contentsOf: url) else { return }
                report = DefaultsStore.standard.importSettings(file, keys: DefaultsKeys.SwiftUIExample.all)
            }
    }
}
