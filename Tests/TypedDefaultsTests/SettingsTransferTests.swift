import Foundation
import Observation
import TestSupport
import Testing
@testable import TypedDefaults

/// What the generated settings view's "Export Settings…" and "Import Settings…" show and do, without SwiftUI: a
/// file is read and checked when chosen, written only once confirmed, its report shown until Undo.
@MainActor @Suite struct SettingsTransferTests {
    private let volume = DefaultsKey<Int>("volume", default: 5, in: 0...10)
    private let name = DefaultsKey<String>("name", default: "")

    private func file(_ json: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("transfer-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url
    }

    @Test func aChosenFileIsAskedAboutAndWrittenOnlyOnceConfirmedThenUndone() throws {
        let store = DefaultsStore.inMemory()
        store[volume] = 3
        let transfer = DefaultsSettingsTransfer(store: store, keys: [volume, name])
        let url = try file(#"{"format": "TypedDefaults settings", "formatVersion": 1, "app": "com.example", "settings": [{"name": "volume", "value": 8}]}"#)
        defer { try? FileManager.default.removeItem(at: url) }
        let told = LockedState(false)
        withObservationTracking { _ = transfer.isAskingToImport } onChange: { told.withLock { $0 = true } }
        transfer.chose(.success(url))
        #expect(told.withLock { $0 } && transfer.isAskingToImport)
        #expect(transfer.pendingSummary.hasPrefix("Import 1 setting from com.example, exported "))
        #expect(store[volume] == 3)
        transfer.confirmImport()
        #expect(store[volume] == 8 && !transfer.isAskingToImport)
        #expect(transfer.lastReport?.written == ["volume"])
        transfer.undoLastImport()
        #expect(store[volume] == 3 && transfer.lastReport == nil)
    }

    @Test func aCancelledImportWritesNothingAndABadFileSaysWhy() throws {
        let store = DefaultsStore.inMemory()
        let transfer = DefaultsSettingsTransfer(store: store, keys: [volume, name])
        let good = try file(#"{"format": "TypedDefaults settings", "formatVersion": 1, "settings": [{"name": "name", "value": "x"}]}"#)
        let bad = try file(#"{"format": "TypedDefaults settings", "formatVersion": 1, "settings": [{"name": "name", "value": "x"},]}"#)
        defer { [good, bad].forEach { try? FileManager.default.removeItem(at: $0) } }
        transfer.chose(.success(good))
        transfer.cancelImport()
        transfer.confirmImport()
        #expect(!store.has(name) && transfer.lastReport == nil)
        transfer.chose(.success(bad))
        #expect(transfer.isShowingFailure && !transfer.isAskingToImport)
        #expect(transfer.failure == "\(bad.lastPathComponent) was not imported: trailing comma before ']'; remove it")
    }

    @Test func anExportIsMadeWhenAskedAndLetGoAfterTheExporter() {
        let store = DefaultsStore.inMemory()
        store[name] = "ann"
        let transfer = DefaultsSettingsTransfer(store: store, keys: [volume, name], schemaRelease: "2.0")
        #expect(transfer.fileToExport == nil)
        transfer.prepareExport()
        #expect(transfer.isExporting)
        #expect(transfer.fileToExport?.settings.map(\.name) == ["name"] && transfer.fileToExport?.schemaRelease == "2.0")
        transfer.exported(.failure(CocoaError(.fileWriteNoPermission)))
        #expect(transfer.fileToExport == nil && transfer.isShowingFailure)
    }
}
