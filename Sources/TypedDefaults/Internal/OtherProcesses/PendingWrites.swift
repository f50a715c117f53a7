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
/// before a normal exit never reaches disk. So on Linux every suite written through a store is marked dirty, and
/// dirty suites are synchronized once, shortly after the first write of a burst (``flushDelay``), and at
/// process exit. On Apple platforms the system persists writes itself, and Apple documents `synchronize()` as
/// "unnecessary and shouldn't be used": nothing is marked there, and ``flush()`` does nothing.
final class PendingWrites: Sendable {
    static let shared = PendingWrites()

    /// From the first unsaved write: writes in between share one disk write.
    static let flushDelay: DispatchTimeInterval = .milliseconds(250)

    private struct Pending {
        var dirty: [ObjectIdentifier: FoundationSuite] = [:]
        var flushScheduled = false
    }

    private let pending = LockedState(Pending())

    private init() {
        #if !canImport(ObjectiveC)
        atexit { PendingWrites.shared.flush() }
        #endif
    }

    /// Linux only.
    func markDirty(_ suite: FoundationSuite) {
        #if !canImport(ObjectiveC)
        // Already listed and not taken by a save yet: that save comes after this write.
        if suite.isListedDirty.load() != 0 { return }
        let mustSchedule = pending.withLock { pending in
            suite.isListedDirty.store(1)
            pending.dirty[ObjectIdentifier(suite)] = suite
            defer { pending.flushScheduled = true }
            return !pending.flushScheduled
        }
        if mustSchedule {
            DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + Self.flushDelay) { self.flush() }
        }
        #endif
    }

    /// Saves every dirty suite now (Linux; every write is in Foundation when the store's call returns).
    ///
    /// One save at a time: a flush that finds nothing dirty because another one took the suites and is still
    /// saving them (waiting for another process's save, for example) must not return before that save is done,
    /// or the flush at exit would let the process end with the writes unsaved.
    func flush() {
        #if !canImport(ObjectiveC)
        saving.whileLocked { saveDirtySuites() }
        #endif
    }

    private let saving = LockedState(())

    #if !canImport(ObjectiveC)
    private func saveDirtySuites() {
        let suites = pending.withLock { pending in
            defer {
                pending.dirty.removeAll(keepingCapacity: true)
                pending.flushScheduled = false
            }
            for suite in pending.dirty.values { suite.isListedDirty.store(0) }
            return Array(pending.dirty.values)
        }
        guard !suites.isEmpty else { return }
        // Any `synchronize()` writes every suite the process changed, named ones too, always under their file locks.
        // So a subclass (which may call back from its `synchronize()`, and must not be called holding them) is never
        // asked: Foundation's own standard object saves its changes too.
        var plain = suites.filter { !$0.callsBack }.map(\.defaults)
        if suites.contains(where: \.callsBack) { plain.append(UserDefaults.standard) }
        SharedSuiteFiles.synchronizeAll(also: plain)
    }
    #endif
}
