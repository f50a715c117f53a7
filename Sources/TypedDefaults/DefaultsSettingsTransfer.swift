import Foundation
import Observation

/// What a settings screen's "Export Settings…" and "Import Settings…" show and do, in plain Swift: the generated
/// settings view (`"exportImport": true`) only draws it, with `.fileExporter`, `.fileImporter`, a confirmation
/// dialog and an alert bound to these properties.
///
/// Export makes the file when asked (``prepareExport()``). Import reads and checks the chosen file first
/// (``chose(_:)``), then asks (``isAskingToImport``, with ``pendingSummary``), and only a confirmation
/// (``confirmImport()``) writes; the report stays shown, with Undo (``undoLastImport()``), until the next import.
@MainActor @Observable
public final class DefaultsSettingsTransfer {
    /// Whether the file exporter is shown.
    public var isExporting = false
    /// The file the exporter saves; made by ``prepareExport()``.
    public private(set) var fileToExport: DefaultsExport?
    /// Whether the file importer is shown.
    public var isChoosingFile = false
    /// Whether the confirmation before an import is shown.
    public var isAskingToImport = false
    /// What the file about to be imported holds, for the confirmation: how many settings, from which app and when.
    public private(set) var pendingSummary = ""
    /// Whether a refused file's message is shown.
    public var isShowingFailure = false
    /// Why the last chosen file was refused, or could not be saved.
    public private(set) var failure: String?
    /// What the last import did; `nil` before any, and after its Undo.
    public private(set) var lastReport: DefaultsImportReport?

    @ObservationIgnored private let store: DefaultsStore
    @ObservationIgnored private let keys: [DefaultsKeys]
    @ObservationIgnored private let families: [DefaultsKeyFamilies]
    @ObservationIgnored private let schemaRelease: String?
    @ObservationIgnored private var pendingImport: DefaultsExport?

    /// A transfer of `keys` and the portable ones of `families` (a schema's `DefaultsKeys.<KeyList>.all` and
    /// `families`) in and out of `store`.
    public init(store: DefaultsStore, keys: [DefaultsKeys], families: [DefaultsKeyFamilies] = [], schemaRelease: String? = nil) {
        self.store = store
        self.keys = keys
        self.families = families
        self.schemaRelease = schemaRelease
    }

    /// Makes the file of the settings set now and shows the exporter.
    public func prepareExport() {
        fileToExport = store.exportSettings(keys, families: families, schemaRelease: schemaRelease)
        isExporting = true
    }

    /// What the exporter reports: a failure is shown; the file is let go either way.
    public func exported(_ result: Result<URL, any Error>) {
        fileToExport = nil
        if case .failure(let error) = result { fail("The settings could not be saved: \(error.localizedDescription)") }
    }

    /// Shows the file importer.
    public func chooseFile() {
        isChoosingFile = true
    }

    /// Reads and checks the file the importer picked (nothing is written yet): asks to import it, or shows why not.
    public func chose(_ result: Result<URL, any Error>) {
        switch result {
        case .success(let url):
            do {
                askToImport(try DefaultsExport(contentsOf: url))
            } catch {
                fail("\(url.lastPathComponent) was not imported: \((error as? DefaultsImportError)?.message ?? error.localizedDescription)")
            }
        case .failure(let error):
            fail("No file was chosen: \(error.localizedDescription)")
        }
    }

    /// Asks to import `file`, a settings file already read (dropped, pasted, or from ``chose(_:)``).
    public func askToImport(_ file: DefaultsExport) {
        pendingImport = file
        let count = file.settings.count
        var summary = "Import \(count) setting\(count == 1 ? "" : "s")"
        if let app = file.app { summary += " from \(app)" + (file.appVersion.map { " \($0)" } ?? "") }
        summary += ", exported \(file.date.formatted(date: .abbreviated, time: .shortened))? The settings it holds replace yours."
        pendingSummary = summary
        isAskingToImport = true
    }

    /// Imports the file the person confirmed.
    public func confirmImport() {
        guard let file = pendingImport else { return }
        pendingImport = nil
        isAskingToImport = false
        lastReport = store.importSettings(file, keys: keys, families: families)
    }

    /// Drops the file the person did not confirm; nothing was written.
    public func cancelImport() {
        pendingImport = nil
        isAskingToImport = false
    }

    /// Puts back what the last import replaced.
    public func undoLastImport() {
        guard let report = lastReport else { return }
        store.undoImport(report)
        lastReport = nil
    }

    private func fail(_ message: String) {
        failure = message
        isShowingFailure = true
    }
}
