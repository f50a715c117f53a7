#if !canImport(ObjectiveC)
import Foundation

/// Where key-value observing does not exist (Linux), nothing reports changes made without a store: every
/// store reports its own writes to the suite's other stores, and that is all there is to observe.
/// The Apple-platform version is in `observeExternalChangesOnApple.swift`.
final class ExternalChangeObservation: Sendable {
    init?(defaults: UserDefaults, onChange: @escaping @Sendable ([String]) -> Void) {
        return nil
    }

    func watch(_ name: String) {}

    func duringOwnWrite<Result>(of names: [String], _ body: () throws -> Result) rethrows -> Result {
        try body()
    }
}
#endif
