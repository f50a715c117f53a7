import Foundation

/// What a suite knows of the install it belongs to: the app version the install first ran, which decides the
/// default of a key that keeps earlier releases' defaults (``DefaultsMigration/previousDefault(_:throughRelease:)``).
///
/// Kept in the suite itself (`DefaultsStore.firstVersionName`), so that a later release finds the entry an earlier
/// one wrote; written once, on the first launch that can read the suite. Never before the device's first unlock
/// (``ProtectedData``): every read finds nothing then, so an old install would look new and be stamped with this
/// version for good.
final class InstallRecord: Sendable {
    private let known = LockedState<String?>(nil)
    private let appVersionOverride = LockedState<String??>(nil)
    /// Set by the first look of this process (launch), so that each launch leaves one record behind.
    private let looked = AtomicWord()

    /// `nil` until read or written.
    var firstVersion: String? { known.withLock { $0 } }

    func remember(_ version: String) {
        known.withLock { $0 = version }
        settled.store(1)
    }

    /// 1 once nothing is left to do for this launch: the first version is known, or there is no app version to write.
    /// Read without a lock by every write (``DefaultsStore/leaveInstallRecordAfterWrite()``).
    let settled = AtomicWord()

    /// Read outside every lock: `Bundle` is Foundation.
    var appVersion: String? {
        if let given = appVersionOverride.withLock({ $0 }) { return given }
        return RunningApp.version
    }

    /// Plays another app version in tests (`nil`: none, as a command-line tool).
    func useAppVersion(_ version: String?) { appVersionOverride.withLock { $0 = .some(version) } }

    /// `true` the first time it is asked in this process.
    func isFirstLook() -> Bool { looked.compareExchange(expected: 0, new: 1) }
}

enum RunningApp {
    /// The environment stands in where the bundle has no version (a command-line tool, a Linux program).
    static let version: String? = Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String
        ?? ProcessInfo.processInfo.environment["TYPED_DEFAULTS_APP_VERSION"].flatMap { $0.isEmpty ? nil : $0 }
}

/// App versions compared as people number them: dot-separated parts, numbers as numbers (`1.10` after `1.9`), a
/// missing part as 0 (`1.2` is `1.2.0`); a pre-release before its release (`1.0-beta`, `1.0b3`, `1.0a1`, `1.0rc2`
/// before `1.0`), pre-releases in order (`b2` before `b10`, `alpha` before `beta` before `rc`); a build number in
/// parentheses ignored (`1.0 (45)` is `1.0`).
enum AppVersionOrder {
    static func isAtOrBefore(_ version: String, _ release: String) -> Bool {
        compare(Version(version), Version(release)) != .orderedDescending
    }

    /// `preRelease` is `nil` for a release.
    private struct Version {
        var numbers: [Int] = []
        var preRelease: [Part]?

        enum Part: Comparable {
            case number(Int)
            case text(String)

            static func < (lhs: Part, rhs: Part) -> Bool {
                switch (lhs, rhs) {
                case (.number(let a), .number(let b)): return a < b
                case (.text(let a), .text(let b)): return a < b
                // As semantic versioning orders them: a numeric identifier before a textual one.
                case (.number, .text): return true
                case (.text, .number): return false
                }
            }
        }

        init(_ text: String) {
            var text = Substring(text.trimmingCharacters(in: .whitespaces))
            if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
                text = Substring(text[..<open].trimmingCharacters(in: .whitespaces))
            }
            var preTexts: [Substring] = []
            if let dash = text.firstIndex(of: "-") {
                preTexts.append(text[text.index(after: dash)...])
                text = text[..<dash]
            }
            var parts = text.split(separator: ".", omittingEmptySubsequences: false)[...]
            while let part = parts.popFirst() {
                let digits = part.prefix { $0.isASCII && $0.isNumber }
                if !digits.isEmpty { numbers.append(Int(digits) ?? .max) }
                let rest = part.dropFirst(digits.count)
                guard rest.isEmpty else {
                    // `0b3`, `1rc2`, `1.beta`: what follows the numbers is the pre-release, the parts after it too.
                    preTexts.insert(Substring(([rest] + parts).joined(separator: ".")), at: 0)
                    break
                }
            }
            preRelease = preTexts.isEmpty ? nil : Self.parts(Substring(preTexts.joined(separator: ".")))
        }

        /// Runs of letters and of digits, other characters (`.`, `-`, `_`) only separating them.
        private static func parts(_ text: Substring) -> [Part] {
            var parts: [Part] = []
            var run = ""
            var runIsNumber = false
            func flush() {
                guard !run.isEmpty else { return }
                parts.append(runIsNumber ? .number(Int(run) ?? .max) : .text(run.lowercased()))
                run = ""
            }
            for character in text {
                let isNumber = character.isASCII && character.isNumber
                guard character.isLetter || isNumber else {
                    flush()
                    continue
                }
                if !run.isEmpty, isNumber != runIsNumber { flush() }
                runIsNumber = isNumber
                run.append(character)
            }
            flush()
            return parts
        }
    }

    private static func compare(_ a: Version, _ b: Version) -> ComparisonResult {
        for index in 0..<max(a.numbers.count, b.numbers.count) {
            let x = index < a.numbers.count ? a.numbers[index] : 0, y = index < b.numbers.count ? b.numbers[index] : 0
            if x != y { return x < y ? .orderedAscending : .orderedDescending }
        }
        switch (a.preRelease, b.preRelease) {
        case (nil, nil): return .orderedSame
        case (nil, _?): return .orderedDescending
        case (_?, nil): return .orderedAscending
        case (let x?, let y?):
            if x == y { return .orderedSame }
            return x.lexicographicallyPrecedes(y) ? .orderedAscending : .orderedDescending
        }
    }
}
