#if !canImport(ObjectiveC)
import Foundation

/// Where key-value observing does not exist (Linux), nothing reports changes made without a store: every
/// store reports its own writes to the suite's other stores, and that is all there is to observe. The names
/// are still recorded, so that reads take the same path as on Apple platforms (and benchmarks measure it).
/// The Apple-platform version is in `observeExternalChangesOnApple.swift`.
final class ExternalChangeObservation: Sendable {
    private let filter = ExternalChangeFilter()

    init?(defaults: UserDefaults, onChange: @escaping @Sendable ([String]) -> Void) {}

    func watch(_ name: String) {
        _ = filter.watch(name, currentObject: nil)
    }

    func duringOwnWrite<Result>(of names: [String], _ body: () throws -> Result) rethrows -> Result {
        try body()
    }
}
#endif
