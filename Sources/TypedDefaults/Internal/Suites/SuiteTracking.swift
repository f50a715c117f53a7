import Foundation
import Observation

/// The Observation side of a suite: each stored name is an observable "property".
///
/// A tracked read (what a SwiftUI body or `withObservationTracking` does) registers its key's stored name; a
/// write invalidates the readers of its name only (a removed suite: of each name it held). The registrar is
/// shared by every store over the suite, so a write through one store reaches trackers that read through another.
@usableFromInline
final class SuiteTracking: Observable, Sendable {
    @usableFromInline let registrar = ObservationRegistrar()

    /// The key path that stands for the stored name `name`; only its identity matters.
    @usableFromInline
    subscript(storedName name: String) -> Int { 0 }

    @inlinable
    func access(_ path: KeyPath<SuiteTracking, Int>) {
        registrar.access(self, keyPath: path)
    }

    func didChange(_ name: String) {
        didChange(path: \.[storedName: name])
    }

    func didChange(path: KeyPath<SuiteTracking, Int>) {
        // After the write, not before: an `onChange` handler that reads the store sees the new value.
        registrar.withMutation(of: self, keyPath: path) {}
    }
}
