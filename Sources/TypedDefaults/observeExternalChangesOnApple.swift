#if canImport(ObjectiveC)
import Foundation

/// Changes made to a `UserDefaults` suite without a store: by code that uses `UserDefaults` directly, or by
/// another process sharing an app-group suite (a widget, an extension). Apple platforms only: Linux
/// Foundation has neither key-value observing nor `didChangeNotification`.
///
/// Each watched name is observed with key-value observing, which reports changes from other processes too.
/// KVO key paths cannot hold `.` or `@`, so those names fall back to `UserDefaults.didChangeNotification`,
/// which reports in-process changes only and does not say which key changed.
/// Written against the documented API; not compiled by this repository's Linux CI.
final class ExternalChangeObservation: NSObject, @unchecked Sendable {
    private let defaults: UserDefaults
    private let onChange: @Sendable ([String]) -> Void
    private let lock = NSLock()
    private var watched: Set<String> = []
    private var observedByKVO: [String] = []
    private var notificationToken: (any NSObjectProtocol)?

    init?(defaults: UserDefaults, onChange: @escaping @Sendable ([String]) -> Void) {
        self.defaults = defaults
        self.onChange = onChange
        super.init()
    }

    /// Starts reporting changes of `name` (once per name).
    func watch(_ name: String) {
        lock.lock()
        defer { lock.unlock() }
        guard watched.insert(name).inserted else { return }
        if Self.needsNotification(name) {
            guard notificationToken == nil else { return }
            notificationToken = NotificationCenter.default.addObserver(
                forName: UserDefaults.didChangeNotification, object: defaults, queue: nil
            ) { [weak self] _ in self?.suiteDidChange() }
        } else {
            observedByKVO.append(name)
            defaults.addObserver(self, forKeyPath: name, options: [.new], context: nil)
        }
    }

    override func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {
        guard let keyPath, !Self.isInOwnWrite else { return }
        onChange([keyPath])
    }

    private func suiteDidChange() {
        guard !Self.isInOwnWrite else { return }
        lock.lock()
        let names = watched.filter(Self.needsNotification)
        lock.unlock()
        onChange(Array(names))
    }

    deinit {
        for name in observedByKVO { defaults.removeObserver(self, forKeyPath: name, context: nil) }
        if let notificationToken { NotificationCenter.default.removeObserver(notificationToken) }
    }

    private static func needsNotification(_ name: String) -> Bool {
        name.contains(".") || name.contains("@")
    }

    // MARK: The stores' own writes

    private static let ownWriteKey = "TypedDefaults.ownWrite"

    /// Whether this thread is inside a store's write, whose changes the store reports itself (exactly, and
    /// not while holding the suite's lock): the KVO and notification callbacks that the write causes on this
    /// thread are skipped.
    private static var isInOwnWrite: Bool {
        Thread.current.threadDictionary[ownWriteKey] != nil
    }

    /// Runs `body`, a store's write, marking this thread as writing.
    static func duringOwnWrite<Result>(_ body: () throws -> Result) rethrows -> Result {
        let dictionary = Thread.current.threadDictionary
        let outer = dictionary[ownWriteKey] != nil
        if !outer { dictionary[ownWriteKey] = true }
        defer { if !outer { dictionary[ownWriteKey] = nil } }
        return try body()
    }
}
#endif
