import Foundation

/// What a suite knows of the install it belongs to: the app version the install first ran, which decides the
/// default of a key that keeps earlier releases' defaults (``DefaultsMigration/previousDefault(_:throughRelease:)``).
///
/// The version is kept in the suite itself (``DefaultsStore/firstVersionName``), written once, on the first launch
/// that can read the suite, with the running app's `CFBundleShortVersionString`: a later release finds the entry an
/// earlier one wrote. Never before the device's first unlock (``ProtectedData``): every read finds nothing then, so
/// an old install would look new and be stamped with this version for good.
final class InstallRecord: Sendable {
    /// The version this suite's install first ran, once read or written; `nil` until then.
    private let known = LockedState<String?>(nil)
    /// The running app's version: the main bundle's, unless a test gives its own (``useAppVersion(_:)``).
    private let appVersionOverride = LockedState<String??>(nil)
    /// Whether the entry was looked for at least once in this process (launch), so each launch leaves one behind.
    private let looked = AtomicWord()

    /// The version the install first ran, as far as known now.
    var firstVersion: String? { known.withLock { $0 } }

    /// Remembers the version once read or written.
    func remember(_ version: String) {
        known.withLock { $0 = version }
        settled.store(1)
    }

    /// 1 once nothing is left to do for this launch: the first version is known, or there is no app version to write.
    /// Read without a lock by every write (``DefaultsStore/leaveInstallRecordAfterWrite()``).
    let settled = AtomicWord()

    /// The running app's version (read outside every lock: `Bundle` is Foundation).
    var appVersion: String? {
        if let given = appVersionOverride.withLock({ $0 }) { return given }
        return RunningApp.version
    }

    /// Plays another app version in tests (`nil`: none, as a command-line tool).
    func useAppVersion(_ version: String?) { appVersionOverride.withLock { $0 = .some(version) } }

    /// `true` the first time it is asked in this process.
    func isFirstLook() -> Bool { looked.compareExchange(expected: 0, new: 1) }
}

/// The running app.
enum RunningApp {
    /// Its marketing version (`CFBundleShortVersionString`), read once; where there is none (a command-line tool, a
    /// Linux program), `TYPED_DEFAULTS_APP_VERSION` from the environment; else `nil`.
    static let version: String? = Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String
        ?? ProcessInfo.processInfo.environment["TYPED_DEFAULTS_APP_VERSION"].flatMap { $0.isEmpty ? nil : $0 }
}

/// App versions compared as people number them: dot-separated parts, numbers as numbers (`1.10` after `1.9`), other
/// parts as text, a missing part as 0 (`1.2` is `1.2.0`).
enum AppVersionOrder {
    /// Whether `version` is `release` or an earlier one.
    static func isAtOrBefore(_ version: String, _ release: String) -> Bool {
        let left = version.split(separator: ".", omittingEmptySubsequences: false)
        let right = release.split(separator: ".", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : "0", b = index < right.count ? right[index] : "0"
            if a == b { continue }
            if let x = Int(a), let y = Int(b) { return x < y }
            return a < b
        }
        return true
    }
}
