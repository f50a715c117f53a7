#if canImport(ObjectiveC)
import Foundation

/// Changes made to a `UserDefaults` suite without a store: by code that uses `UserDefaults` directly, or by
/// another process sharing an app-group suite (a widget, an extension). Apple platforms only: Linux
/// Foundation has neither key-value observing nor `didChangeNotification`.
///
/// Each watched name is observed with key-value observing, which reports changes from other processes too.
/// Key paths cannot hold `.` or `@`, so those names are compared after every `UserDefaults.didChangeNotification`
/// instead, posted for a change through any `UserDefaults` object of this process (so the notification is
/// observed for every object, not only this suite's: a write through another object of the same suite counts),
/// and never for other processes. What is news, and what a store's own write caused, is decided by
/// ``ExternalChangeFilter`` (plain Swift, tested on Linux). Written against the documented API; compiled by the
/// macOS workflow only.
final class ExternalChangeObservation: NSObject, @unchecked Sendable {
    private let defaults: UserDefaults
    private let onChange: @Sendable ([String]) -> Void
    private let filter = ExternalChangeFilter()
    private let registrations = LockedState<(keyPaths: [String], notificationRequested: Bool, token: (any NSObjectProtocol)?)>(([], false, nil))

    init?(defaults: UserDefaults, onChange: @escaping @Sendable ([String]) -> Void) {
        self.defaults = defaults
        self.onChange = onChange
        super.init()
    }

    /// Starts reporting changes of `name` (once per name).
    func watch(_ name: String) {
        guard let kind = filter.watch(name, currentObject: defaults.object(forKey: name)) else { return }
        switch kind {
        case .keyValueObserving:
            defaults.addObserver(self, forKeyPath: name, options: [.new], context: nil)
            registrations.withLock { $0.keyPaths.append(name) }
        case .notification:
            let first = registrations.withLock { state in
                defer { state.notificationRequested = true }
                return !state.notificationRequested
            }
            guard first else { return }
            // `object: nil`: the notification's object is the `UserDefaults` instance written through, and code
            // that writes the suite directly usually has an instance of its own.
            let token = NotificationCenter.default.addObserver(
                forName: UserDefaults.didChangeNotification, object: nil, queue: nil
            ) { [weak self] _ in self?.suiteMayHaveChanged() }
            registrations.withLock { $0.token = token }
        }
    }

    override func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {
        guard let keyPath, !filter.isOwnWrite(keyPath) else { return }
        onChange([keyPath])
    }

    private func suiteMayHaveChanged() {
        let defaults = self.defaults
        let changed = filter.namesChangedSinceLastSeen { defaults.object(forKey: $0) }
        if !changed.isEmpty { onChange(changed) }
    }

    /// Runs `body`, a store's write of `names`: the callbacks it causes for those names on this thread are
    /// dropped (the store reports its writes itself), and no others.
    func duringOwnWrite<Result>(of names: [String], _ body: () throws -> Result) rethrows -> Result {
        filter.beginOwnWrite(names)
        let defaults = self.defaults
        defer { filter.endOwnWrite(names) { defaults.object(forKey: $0) } }
        return try body()
    }

    deinit {
        let (keyPaths, _, token) = registrations.withLock { $0 }
        for name in keyPaths { defaults.removeObserver(self, forKeyPath: name, context: nil) }
        if let token { NotificationCenter.default.removeObserver(token) }
    }
}
#endif
