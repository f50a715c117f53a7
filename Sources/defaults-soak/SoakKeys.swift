import Foundation
import TypedDefaults

/// Where a counter lives: the standard suite and two named suites.
enum Place: Int, CaseIterable {
    case standard, alpha, beta
}

/// The keys and suites of one run (named after the run, so runs never share state).
struct SoakKeys: Sendable {
    let run: String
    let alpha: String
    let beta: String
    /// A suite written and removed over and over.
    let scratch: String
    /// The suite this process shares with its child processes.
    let shared: String
    /// Dotted names (watched by notification on Apple platforms), one per place.
    let counters: [DefaultsKey<Int>]
    /// Written inside an `update` of the standard counter `crossStandard`: both end equal.
    let crossStandard: DefaultsKey<Int>
    let crossAlpha: DefaultsKey<Int>
    let scoped: DefaultsKey<String>
    let mixedText: DefaultsKey<String?>
    let mixedList: DefaultsKey<[Int]>
    let mixedNumber: DefaultsKey<Double>
    let syncedCount: DefaultsKey<Int>
    let syncedName: DefaultsKey<String?>
    /// How many values wait to be migrated in each direction between alpha and beta.
    let migrations = 400

    init(run: String) {
        self.run = run
        alpha = "soak.alpha.\(run)"
        beta = "soak.beta.\(run)"
        scratch = "soak.scratch.\(run)"
        shared = "soak.shared.\(run)"
        counters = [
            DefaultsKey<Int>("soak.counter", default: 0),
            DefaultsKey<Int>("soak.counter", default: 0, suite: alpha),
            DefaultsKey<Int>("soak.counter", default: 0, suite: beta),
        ]
        crossStandard = DefaultsKey<Int>("cross", default: 0)
        crossAlpha = DefaultsKey<Int>("cross", default: 0, suite: alpha)
        scoped = DefaultsKey<String>("soak.scoped", default: "real")
        mixedText = DefaultsKey<String?>("mixed.text", suite: beta)
        mixedList = DefaultsKey<[Int]>("mixed_list", default: [], suite: alpha)
        mixedNumber = DefaultsKey<Double>("mixed.number", default: 0, in: -1_000...1_000)
        syncedCount = DefaultsKey<Int>("synced.count", default: 0, iCloud: true)
        syncedName = DefaultsKey<String?>("synced.name", iCloud: true)
    }

    /// A thread's own key in `place`, for read-your-writes.
    func own(_ thread: Int, _ place: Place) -> DefaultsKey<Int> {
        DefaultsKey<Int>("own\(thread)", default: -1, suite: suiteName(place))
    }

    /// A thread's own collection key in `place`, for read-your-writes of a value whose reads keep what they decoded.
    func ownList(_ thread: Int, _ place: Place) -> DefaultsKey<[Int]> {
        DefaultsKey<[Int]>("ownList\(thread)", default: [], suite: suiteName(place))
    }

    func suiteName(_ place: Place) -> String? {
        switch place {
        case .standard: return nil
        case .alpha: return alpha
        case .beta: return beta
        }
    }

    /// The `index`-th value moving from alpha into beta (`intoBeta`) or the other way.
    func migrating(_ index: Int, intoBeta: Bool) -> DefaultsKey<Int> {
        intoBeta
            ? DefaultsKey<Int>("moved.\(index)", default: -1, migrations: [.renamed(from: "toBeta.\(index)", suite: .named(alpha))], suite: beta)
            : DefaultsKey<Int>("moved.\(index)", default: -1, migrations: [.renamed(from: "toAlpha.\(index)", suite: .named(beta))], suite: alpha)
    }

    func former(_ index: Int, intoBeta: Bool) -> (suite: String, key: DefaultsKey<Int>) {
        intoBeta ? (alpha, DefaultsKey<Int>("toBeta.\(index)", default: -1)) : (beta, DefaultsKey<Int>("toAlpha.\(index)", default: -1))
    }

    /// A child process's counter in the shared suite.
    static func childCounter(_ tag: String) -> DefaultsKey<Int> {
        DefaultsKey<Int>("child.\(tag)", default: 0)
    }
}
