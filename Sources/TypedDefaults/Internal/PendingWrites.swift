import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Makes every write durable without a disk write per `set`.
///
/// swift-corelibs-foundation keeps `UserDefaults` writes in memory until `synchronize()`: a value set just
/// before a normal exit never reaches disk. So every suite written through a store is marked dirty, and
/// dirty suites are synchronized once, shortly after the first write of a burst (``flushDelay``), and at
/// process exit. On Apple platforms the system persists writes itself; the extra `synchronize()` is harmless.
final class PendingWrites: Sendable {
    /// The process-wide instance.
    static let shared = PendingWrites()

    /// How long after the first unsaved write the suite is saved: writes in between share one disk write.
    static let flushDelay: DispatchTimeInterval = .milliseconds(250)

    private struct Pending {
        var dirty: [ObjectIdentifier: UserDefaults] = [:]
        var flushScheduled = false
    }

    private let pending = LockedState(Pending())

    private init() {
        atexit { PendingWrites.shared.flush() }
    }

    /// Records that `defaults` holds an unsaved write and schedules a save if none is pending.
    func markDirty(_ defaults: UserDefaults) {
        let mustSchedule = pending.withLock { pending in
            pending.dirty[ObjectIdentifier(defaults)] = defaults
            defer { pending.flushScheduled = true }
            return !pending.flushScheduled
        }
        if mustSchedule {
            DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + Self.flushDelay) { self.flush() }
        }
    }

    /// Saves every dirty suite now.
    ///
    /// One flush at a time: a flush that finds nothing dirty because another one took the suites and is still
    /// saving them (waiting for another process's save, for example) must not return before that save is done,
    /// or the flush at exit would let the process end with the writes unsaved.
    func flush() {
        saving.whileLocked { saveDirtySuites() }
    }

    private let saving = LockedState(())

    private func saveDirtySuites() {
        let suites = pending.withLock { pending in
            defer {
                pending.dirty.removeAll(keepingCapacity: true)
                pending.flushScheduled = false
            }
            return Array(pending.dirty.values)
        }
        #if canImport(ObjectiveC)
        for defaults in suites { _ = defaults.synchronize() }
        #else
        // Any `synchronize()` writes every suite the process changed, named ones too: always under their file
        // locks, shared with other processes.
        guard !suites.isEmpty else { return }
        SharedSuiteFiles.synchronizeAll(also: suites)
        #endif
    }
}
