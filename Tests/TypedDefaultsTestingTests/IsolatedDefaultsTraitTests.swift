import Foundation
import Observation
import Testing
import TypedDefaults
import TypedDefaultsTesting

/// What the real suites hold under the test keys' names, read through `UserDefaults` directly.
func realValues() -> [Any?] {
    let suite = UserDefaults(suiteName: isolationSuiteName)!
    return [UserDefaults.standard.object(forKey: DefaultsKeys.isolationCount.name),
            UserDefaults.standard.object(forKey: DefaultsKeys.isolationName.name),
            suite.object(forKey: DefaultsKeys.isolationSuiteCount.name)]
}

@Suite struct IsolatedDefaultsTraitTests {
    /// 40 cases in parallel write the same keys, standard and suite: each sees only its own values, from the
    /// defaults on, and the real suites hold nothing under those names at any point.
    @Test(.isolatedDefaults, arguments: 1...40)
    func parallelCasesNeverSeeEachOther(number: Int) async throws {
        #expect(Defaults[.isolationCount] == 0)
        #expect(Defaults[.isolationSuiteCount] == 0)
        #expect(Defaults[.isolationName] == nil)
        Defaults[.isolationCount] = number
        Defaults[.isolationSuiteCount] = number * 100
        DefaultsStore.standard[.isolationName] = "case \(number)"
        // Let the other cases run and write meanwhile.
        for _ in 0..<5 { await Task.yield() }
        try await Task.sleep(for: .milliseconds(number % 7))
        Defaults[.isolationCount] += 1
        #expect(Defaults[.isolationCount] == number + 1)
        #expect(DefaultsStore.suite(isolationSuiteName)[.isolationSuiteCount] == number * 100)
        #expect(Defaults[.isolationName] == "case \(number)")
        #expect(realValues().allSatisfy { $0 == nil })
    }

    @Test(.isolatedDefaults) func observationAndUpdatesWorkInTheScopesStores() async {
        let fired = Flag()
        withObservationTracking { _ = Defaults[.isolationCount] } onChange: { fired.set() }
        Defaults[.isolationSuiteCount] = 1
        #expect(!fired.isSet)
        Defaults[.isolationCount] = 3
        #expect(fired.isSet)
        var values: [Int] = []
        let stream = DefaultsStore.standard.updates(.isolationCount)
        for await value in stream {
            values.append(value)
            if value == 3 { Defaults[.isolationCount] = 4 }
            if value == 4 { break }
        }
        #expect(values == [3, 4])
        #expect(realValues().allSatisfy { $0 == nil })
    }

    @Test(.isolatedDefaults) func registerHasRemoveUpdateRangesAndMigrationWorkInTheScope() {
        let store = DefaultsStore.standard
        #expect(!store.has(.isolationCount))
        store.register(.isolationCount)
        #expect(!store.has(.isolationCount))
        store.update(.isolationCount) { $0 += 2 }
        #expect(store.has(.isolationCount) && store[.isolationCount] == 2)
        store.remove(.isolationCount)
        #expect(store[.isolationCount] == 0)
        Defaults[.isolationRanged] = 11
        #expect(Defaults[.isolationRanged] == 10, "the nearest bound")
        // A value under the former name moves to the new one on first read, in the scope's store.
        let old = DefaultsKey<Int>("typeddefaults.isolation.old", default: 0)
        Defaults[old] = 7
        #expect(Defaults[.isolationRenamed] == 7)
        #expect(!store.has(old))
        #expect(UserDefaults.standard.object(forKey: old.name) == nil)
    }

    @Test func withoutTheTraitTheRealStandardStoreIsUsed() {
        #expect(DefaultsStore.standard === DefaultsStore.standard)
        let inScope = withIsolatedDefaults { DefaultsStore.standard }
        #expect(inScope !== DefaultsStore.standard)
    }
}

/// Every test of a suite with the trait starts from the defaults, whichever runs first.
@Suite(.isolatedDefaults) struct IsolatedSuiteTests {
    @Test func first() {
        #expect(Defaults[.isolationCount] == 0)
        Defaults[.isolationCount] = 1
    }

    @Test func second() {
        #expect(Defaults[.isolationCount] == 0)
        Defaults[.isolationCount] = 2
    }

    @Test(arguments: ["a", "b", "c"]) func everyCaseToo(name: String) {
        #expect(Defaults[.isolationName] == nil)
        Defaults[.isolationName] = name
    }
}

/// Whether an observation's `onChange` ran.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
