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
final class PendingWrites: @unchecked Sendable {
    /// The process-wide instance.
    static let shared = PendingWrites()

    /// How long after the first unsaved write the suite is saved: writes in between share one disk write.
    static let flushDelay: DispatchTimeInterval = .milliseconds(250)

    private let lock = NSLock()
    private var dirty: [ObjectIdentifier: UserDefaults] = [:]
    private var flushScheduled = false

    private init() {
        atexit { PendingWrites.shared.flush() }
    }

    /// Records that `defaults` holds an unsaved write and schedules a save if none is pending.
    func markDirty(_ defaults: UserDefaults) {
        lock.lock()
        dirty[ObjectIdentifier(defaults)] = defaults
        let mustSchedule = !flushScheduled
        flushScheduled = true
        lock.unlock()
        if mustSchedule {
            DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + Self.flushDelay) { self.flush() }
        }
    }

    /// Saves every dirty suite now.
    func flush() {
        lock.lock()
        let suites = dirty.values
        dirty.removeAll(keepingCapacity: true)
        flushScheduled = false
        lock.unlock()
        for defaults in suites { withFoundationLock { _ = defaults.synchronize() } }
    }
}
