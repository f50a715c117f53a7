import Foundation
import TestSupport
import Testing
@testable import TypedDefaults
@_spi(Testing) import TypedDefaultsTestDoubles
@testable import TypedDefaultsSync

/// The account promises of docs/ICloudSync.md, searched over histories of two accounts and two devices: every
/// history of 4 steps (5 with `TYPED_DEFAULTS_LONG=1`) from a fresh start, and of one step less from two devices
/// already syncing, plus random longer ones (40 seeds, 1,000 long), under each choice the model makes where Apple's documentation is silent
/// (``InMemoryCloudAccount/UndocumentedBehavior``) and with a store that reports its token or not.
///
/// Every written value names its author: the person of the account the device was signed in to (or last, signed
/// out). After every step and at the end (each device quits and launches twice, pushing and delivering everything):
/// - **no leak**: an account's cloud never holds a value of another account's person;
/// - **no reset without evidence**: a device's value, once set, never goes back to nothing, unless its store reports
///   tokens and an account really changed (no step writes nothing);
/// - **no write lost beyond the documented cases**: at the end, each account's cloud holds the last write its
///   person made on a running, signed-in device, or a later write, unless before that write reached the account
///   an epoch began on its device (docs/ICloudSync.md: values stamped before an epoch stay on the device), or the
///   device left the account (signed out or switched: the store drops writes not uploaded yet), or its data was
///   cleared, or the account ran out of room.
///
/// It also groups the devices' starts by what each device could observe up to then (its token against the one
/// remembered, its marker, whether the store holds the synced key, the notifications it heard while running): a
/// group whose starts disagree on whether the account changed since the device's previous start is a case no
/// policy can decide. The test lists them; the docs name them.
@Suite struct AccountHistorySearchTests {
    enum Step: Hashable, CustomStringConvertible {
        case launchOrQuit(Int), write(Int), push(Int), upload(Int), download(Int)
        case switchAccount(Int, loading: Bool), signOutOrIn(Int)
        /// Settings → Manage Storage → the app's iCloud data removed, from an account.
        case clear(Int)
        /// Another app's keys fill the account to its key limit: later new names are refused for the quota.
        case fill(Int)

        var device: Int? {
            switch self {
            case .launchOrQuit(let d), .write(let d), .push(let d), .upload(let d), .download(let d),
                 .switchAccount(let d, _), .signOutOrIn(let d): d
            case .clear, .fill: nil
            }
        }

        var description: String {
            switch self {
            case .launchOrQuit(let d): "launch/quit \(d)"
            case .write(let d): "write \(d)"
            case .push(let d): "push \(d)"
            case .upload(let d): "upload \(d)"
            case .download(let d): "download \(d)"
            case .switchAccount(let d, let loading): "switch \(d)\(loading ? " loading" : "")"
            case .signOutOrIn(let d): "sign out/in \(d)"
            case .clear(let a): "clear \(a)"
            case .fill(let a): "fill \(a)"
            }
        }

        static let all: [Step] = (0..<2).flatMap { d in
            [.launchOrQuit(d), .write(d), .push(d), .upload(d), .download(d),
             .switchAccount(d, loading: false), .switchAccount(d, loading: true), .signOutOrIn(d)]
        } + [.clear(0), .clear(1), .fill(0), .fill(1)]
    }

    /// What a history found wrong, or the documented losses it saw.
    struct Outcome {
        var violations: [String] = []
        var documentedLosses: [String: Int] = [:]
    }

    /// The starts seen, by what the device could observe up to them: whether the account had changed.
    final class Observations: @unchecked Sendable {
        var groups: [[String]: Set<Bool>] = [:]
        var starts = 0

        func record(_ trace: [String], changed: Bool) {
            starts += 1
            groups[trace, default: []].insert(changed)
        }

        var undecidable: [[String]] {
            groups.filter { $0.value.count > 1 }.keys.sorted { ($0.count, $0.joined()) < ($1.count, $1.joined()) }
        }
    }

    /// Runs `history` in a new world and returns what it found.
    static func run(_ history: [Step], behavior: InMemoryCloudAccount.UndocumentedBehavior, tokens: Bool, syncing: Bool,
                    observations: Observations) -> Outcome {
        let world = World(behavior: behavior, tokens: tokens, syncing: syncing, observations: observations)
        for step in history { world.apply(step) }
        world.settle()
        return world.outcome
    }

    /// Every history of `depth` steps; with `symmetric` devices (a fresh start: nothing tells them apart yet), only
    /// those whose first device step is device 0's.
    static func histories(depth: Int, symmetric: Bool) -> [[Step]] {
        var all: [[Step]] = [[]]
        for _ in 0..<depth {
            all = all.flatMap { prefix in
                Step.all.compactMap { step -> [Step]? in
                    if symmetric, step.device == 1, !prefix.contains(where: { $0.device != nil }) { return nil }
                    return prefix + [step]
                }
            }
        }
        return all
    }

    struct Search: CustomTestStringConvertible {
        let behavior: InMemoryCloudAccount.UndocumentedBehavior
        let tokens: Bool
        var testDescription: String { "\(tokens ? "tokens" : "no tokens"), \(behavior)" }
    }

    static let searches: [Search] = InMemoryCloudAccount.UndocumentedBehavior.allCombinations.flatMap { behavior in
        [false, true].map { Search(behavior: behavior, tokens: $0) }
    }

    @Test(arguments: searches)
    func everyShortHistoryKeepsTheAccountPromises(_ search: Search) {
        // The model's own choices get the full depth from a fresh start; from two devices already syncing, and
        // under each other choice, one less.
        let isDefault = search.behavior == InMemoryCloudAccount.UndocumentedBehavior()
        let full = Int(ProcessInfo.processInfo.environment["TYPED_DEFAULTS_ACCOUNT_DEPTH"] ?? "") ?? (isLongMode ? 5 : 4)
        let observations = Observations()
        var count = 0
        var violating = 0
        var violations: [String] = []
        var losses: [String: Int] = [:]
        var depths: [String] = []
        for syncing in [false, true] {
            let depth = full - (isDefault && !syncing ? 0 : 1)
            depths.append("\(syncing ? "syncing" : "fresh") \(depth)")
            for history in Self.histories(depth: depth, symmetric: !syncing) {
                count += 1
                let outcome = Self.run(history, behavior: search.behavior, tokens: search.tokens, syncing: syncing, observations: observations)
                losses.merge(outcome.documentedLosses, uniquingKeysWith: +)
                guard !outcome.violations.isEmpty else { continue }
                violating += 1
                if violations.count < 20 { violations.append("\(syncing ? "syncing" : "fresh"): \(history) → \(outcome.violations)") }
            }
        }
        let undecidable = observations.undecidable
        print("""
            \(search.testDescription): \(count) histories (depth \(depths.joined(separator: ", "))), \(violating) violating; \
            documented losses \(losses.sorted { $0.key < $1.key }); \(observations.starts) starts in \
            \(observations.groups.count) groups, \(undecidable.count) undecidable, the shortest: \
            \(undecidable.prefix(3).map { $0.joined(separator: " → ") })
            """)
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test(arguments: searches)
    func randomLongHistoriesKeepTheAccountPromises(_ search: Search) {
        let seeds = isLongMode ? 1_000 : 40
        let observations = Observations()
        var violating = 0
        var violations: [String] = []
        for seed in 0..<UInt64(seeds) {
            var random = SyncConvergenceTests.SeededGenerator(state: seed)
            let history = (0..<Int.random(in: 8...40, using: &random)).map { _ in Step.all.randomElement(using: &random)! }
            let outcome = Self.run(history, behavior: search.behavior, tokens: search.tokens, syncing: seed % 2 == 0, observations: observations)
            guard !outcome.violations.isEmpty else { continue }
            violating += 1
            if violations.count < 10 { violations.append("seed \(seed): \(history) → \(outcome.violations)") }
        }
        print("\(search.testDescription): \(seeds) random histories, \(violating) violating")
        #expect(violations.isEmpty, "\(violations)")
    }
}
