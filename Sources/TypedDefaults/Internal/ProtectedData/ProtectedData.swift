import Foundation

/// Whether the app's protected data can be read now: `UserDefaults` keeps its files under data protection on
/// iOS, tvOS, watchOS and visionOS, and before the device's first unlock after a restart (a background launch,
/// prewarming) every read returns nothing, as if nothing were stored.
///
/// What is read then must never be written back: a sync would stamp "nothing" as this device's newest state, save
/// those stamps over the real ones, and take the cloud's values over the user's own once the files can be read
/// again. So the stores' own writes that follow from reads (migrations, sync pulls, sync stamps, `register`'s
/// migrations) wait until ``isAvailable``; a user's own write goes through.
///
/// Plain Swift, tested on Linux through ``Source``; the platform's side is in `ProtectedDataOnApple.swift`.
package final class ProtectedData: Sendable {
    /// How availability is found out on a platform.
    protocol Source: Sendable {
        /// May touch the disk: asked rarely.
        func checkAvailability() -> Bool
        /// Calls `onChange` whenever the system says availability may have changed.
        func observeChanges(_ onChange: @escaping @Sendable () -> Void)
    }

    /// The platform's source: always available on macOS and Linux.
    static let shared = ProtectedData(source: platformProtectedDataSource())

    private struct State {
        var known: Bool?
        var lastCheck: ContinuousClock.Instant?
        var waiting: [@Sendable () -> Void] = []
        var observing = false
    }

    private let source: any Source
    private let state = LockedState(State())
    /// 1 once data was seen available: it stays so until the device restarts (no check after that).
    private let seenAvailable = AtomicWord()
    /// How often an unavailable state is checked again when asked (the system also says when it changes).
    private let recheckInterval: Duration

    init(source: any Source, recheckInterval: Duration = .seconds(1)) {
        self.source = source
        self.recheckInterval = recheckInterval
    }

    /// One atomic load once data was seen available; before that a check of the source, at most once per
    /// `recheckInterval`.
    var isAvailable: Bool {
        if seenAvailable.load() == 1 { return true }
        let now = ContinuousClock.now
        let (mustCheck, mustObserve) = state.withLock { state -> (Bool, Bool) in
            defer { state.observing = true }
            guard let last = state.lastCheck, state.known != nil else { return (true, !state.observing) }
            return (now - last >= recheckInterval, !state.observing)
        }
        // Outside the lock: registering for the system's notifications is a call into Foundation.
        if mustObserve { source.observeChanges { [weak self] in self?.recheck() } }
        guard mustCheck else { return state.withLock { $0.known ?? false } }
        return record(source.checkAvailability(), at: now)
    }

    /// Runs `body` now if protected data is available, else once it becomes available (on the thread that finds
    /// out), holding no lock.
    package func whenAvailable(_ body: @escaping @Sendable () -> Void) {
        if isAvailable { return body() }
        let runNow = state.withLock { state -> Bool in
            if state.known == true { return true }
            state.waiting.append(body)
            return false
        }
        if runNow { body() }
    }

    /// From the source's notification: checked at once, not rate-limited.
    func recheck() {
        guard seenAvailable.load() == 0 else { return }
        _ = record(source.checkAvailability(), at: .now)
    }

    private func record(_ available: Bool, at now: ContinuousClock.Instant) -> Bool {
        let waiting = state.withLock { state -> [@Sendable () -> Void] in
            state.known = available
            state.lastCheck = now
            guard available else { return [] }
            defer { state.waiting = [] }
            return state.waiting
        }
        if available { seenAvailable.store(1) }
        for body in waiting { body() }
        return available
    }
}

/// A source for platforms without data protection on `UserDefaults` (macOS, Linux): always available.
struct AlwaysAvailableProtectedData: ProtectedData.Source {
    func checkAvailability() -> Bool { true }
    func observeChanges(_ onChange: @escaping @Sendable () -> Void) {}
}
