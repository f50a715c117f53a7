import Foundation

/// The process-wide table of suites, so that every store over one suite shares one ``Suite``.
///
/// Suites of `UserDefaults.standard` and named suites live as long as the process (there are few of them);
/// a suite made for a `UserDefaults` object of unknown name lives as long as a store uses it.
final class SuiteRegistry: Sendable {
    static let shared = SuiteRegistry()

    private struct Suites {
        var named: [SuiteIdentity: Suite] = [:]
        var byObject: [ObjectIdentifier: WeakSuite] = [:]

        /// Whether two suites exist of which one is over an unnamed object: only then may a suite have an alias.
        /// Counts suites that may have ended too, so it may say yes where ``SuiteRegistry/aliases(of:)`` finds none.
        var aliasesMayExist: Bool {
            !byObject.isEmpty && (byObject.count > 1 || !named.isEmpty)
        }
    }

    private let suites = LockedState(Suites())
    /// While 0, no suite has an alias, and a write asks without a lock (a store over an unnamed object alone, as
    /// a test or a tool makes one, costs its writes nothing either). Stored under the lock, whenever a table grows.
    private let aliasesMayExist = AtomicWord()

    func suite(for defaults: UserDefaults) -> Suite {
        if defaults === UserDefaults.standard { return suite(.standard) { defaults } }
        let id = ObjectIdentifier(defaults)
        return suites.withLock { suites in
            // A live suite holds its object, so the identifier cannot have been reused by another object.
            if let suite = suites.byObject[id]?.suite { return suite }
            let suite = Suite(identity: .object(id), storage: .userDefaults(FoundationSuite(defaults)))
            suites.byObject = suites.byObject.filter { $0.value.suite != nil }
            suites.byObject[id] = WeakSuite(suite: suite)
            aliasesMayExist.store(suites.aliasesMayExist ? 1 : 0)
            return suite
        }
    }

    /// `makeDefaults` runs under the registry's lock, so that one suite is ever made per identity.
    func suite(_ identity: SuiteIdentity, makeDefaults: () -> UserDefaults) -> Suite {
        suites.withLock { suites in
            if let suite = suites.named[identity] { return suite }
            let suite = Suite(identity: identity, storage: .userDefaults(FoundationSuite(makeDefaults())))
            suites.named[identity] = suite
            aliasesMayExist.store(suites.aliasesMayExist ? 1 : 0)
            return suite
        }
    }

    /// A name that `open` refuses (Foundation refuses the global domain and the app's own bundle identifier) is the
    /// standard suite: the same ``Suite``, not a second one over `UserDefaults.standard` whose stores would not see
    /// each other's writes.
    func suite(named name: String, open: (String) -> UserDefaults?) -> Suite {
        if let suite = suites.withLock({ $0.named[.named(name)] }) { return suite }
        // Opened outside the lock: `open` calls into Foundation, and the standard suite takes the lock itself.
        let opened = open(name)
        let suite = opened.map { defaults in self.suite(.named(name)) { defaults } } ?? self.suite(for: .standard)
        return suites.withLock { suites in
            if let winner = suites.named[.named(name)] { return winner }
            suites.named[.named(name)] = suite
            aliasesMayExist.store(suites.aliasesMayExist ? 1 : 0)
            return suite
        }
    }

    func existingSuite(named name: String) -> Suite? {
        suites.withLock { $0.named[.named(name)] }
    }

    /// The live suites of `UserDefaults` objects of unknown name.
    func unnamedObjectSuites() -> [Suite] {
        suites.withLock { $0.byObject.values.compactMap(\.suite) }
    }

    /// Takes no lock for a suite in memory, which has no alias.
    func aliasesIfAny(of suite: Suite) -> [Suite] {
        guard case .userDefaults = suite.storage else { return [] }
        return aliases(of: suite)
    }

    /// The live suites other than `suite` that may hold the same values (see ``SuiteIdentity/mayAlias(_:)``).
    private func aliases(of suite: Suite) -> [Suite] {
        suites.withLock { suites in
            if suites.byObject.isEmpty || (suites.byObject.count == 1 && suites.named.isEmpty) { return [] }
            var found: [Suite] = []
            // A refused suite name maps to the standard suite: list each suite once.
            var seen: Set<ObjectIdentifier> = []
            for candidate in suites.named.values
            where suite.identity.mayAlias(candidate.identity) && seen.insert(ObjectIdentifier(candidate)).inserted {
                found.append(candidate)
            }
            for entry in suites.byObject.values {
                if let candidate = entry.suite, suite.identity.mayAlias(candidate.identity) { found.append(candidate) }
            }
            return found
        }
    }

    /// What the suites that may alias `suite` hold under `names` now, to compare after a write through `suite`;
    /// `nil` (at the cost of one lock) when no such suite exists.
    func snapshotAliases(of suite: Suite, names: () -> [String]) -> AliasSnapshot? {
        guard aliasesMayExist.load() > 0, case .userDefaults = suite.storage else { return nil }
        let aliases = aliases(of: suite)
        return aliases.isEmpty ? nil : AliasSnapshot(suites: aliases, names: names())
    }

    /// Taken before the suite `name` is removed: every suite that is, or may be, that suite.
    func snapshotForRemoval(ofSuiteNamed name: String, names: [String]) -> AliasSnapshot? {
        guard !names.isEmpty else { return nil }
        let affected = suites.withLock { suites in
            [suites.named[.named(name)]].compactMap { $0 } + suites.byObject.values.compactMap(\.suite)
        }
        return affected.isEmpty ? nil : AliasSnapshot(suites: affected, names: names)
    }
}

/// What some suites held under some names; ``reportChanges()`` tells each suite which of them changed since.
///
/// A suite over a `UserDefaults` object of unknown name may be any suite: comparing its values before and after
/// a write (or a removal) elsewhere tells exactly whether it is the same suite, with no false alarm.
struct AliasSnapshot {
    private let entries: [(suite: Suite, objects: [(name: String, object: Any?)])]

    init(suites: [Suite], names: [String]) {
        entries = suites.map { suite in (suite, names.map { ($0, suite.storage.object(forKey: $0)) }) }
    }

    func reportChanges() {
        for (suite, objects) in entries {
            let changed = objects.filter { !storedObjectsEqual(suite.storage.object(forKey: $0.name), $0.object) }.map(\.name)
            if !changed.isEmpty { suite.valuesChangedOutside(changed) }
        }
    }
}

private struct WeakSuite {
    weak var suite: Suite?
}
