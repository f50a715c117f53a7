#if canImport(ObjectiveC)
import Foundation

// The Apple-only half of observing changes made without a store (Linux Foundation has no key-value observing);
// the rest is plain Swift tested on Linux (`ExternalChangeObservation`, `DottedNameChanges`, `ExternalChangeFilter`).
// Written against Apple's documented API; compiled for iOS by `.ci/apple`, for macOS by the workflow.

/// Key-value observers of one suite's names (names without `.` or `@`, which key paths can hold).
///
/// `UserDefaults` reports changes made by other processes sharing the suite too ("Key-value observing reports all
/// updates to setting values, regardless of which process made the change", `didChangeNotification` documentation).
/// The thread is not documented: this process's changes are seen reported on the writing thread, inside the write,
/// and any other thread is handled too (`ExternalChangeObservation.report`).
final class KeyValueObservers: NSObject, @unchecked Sendable {
    private let defaults: UserDefaults
    private let onChange: @Sendable (String) -> Void
    private let names = LockedState<[String]>([])

    init(defaults: UserDefaults, onChange: @escaping @Sendable (String) -> Void) {
        self.defaults = defaults
        self.onChange = onChange
        super.init()
    }

    /// The caller observes each name once.
    func observe(_ name: String) {
        names.withLock { $0.append(name) }
        defaults.addObserver(self, forKeyPath: name, options: [], context: nil)
    }

    override func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {
        if let keyPath { onChange(keyPath) }
    }

    deinit {
        for name in names.withLock({ $0 }) { defaults.removeObserver(self, forKeyPath: name, context: nil) }
    }
}

#endif
