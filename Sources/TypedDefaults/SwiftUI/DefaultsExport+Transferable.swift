#if canImport(CoreTransferable) && canImport(UniformTypeIdentifiers)
import CoreTransferable
import Foundation
import UniformTypeIdentifiers

/// A settings file as `ShareLink`, `.fileExporter` and drag and drop take it: JSON (`UTType.json`, a type the
/// system declares, so the app's Info.plist needs no exported type of its own). Importing a dropped or pasted file
/// reads and checks it as ``DefaultsExport/init(data:)`` does. `Transferable` and `DataRepresentation` exist from
/// iOS 16 and macOS 13, below the package's minimum; `suggestedFileName(_:)` from iOS 16 and macOS 13 as well.
extension DefaultsExport: Transferable {
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .json) { export in
            export.data(as: .json)
        } importing: { data in
            try DefaultsExport(data: data)
        }
        .suggestedFileName("Settings.json")
    }
}
#endif
