import Foundation
import TestSupport
import Testing
import TypedDefaults

@Suite struct WithIsolatedDefaultsTests {
    @Test func childTasksInheritTheScopeAndDetachedTasksDoNot() async {
        await withIsolatedDefaults {
            Defaults[.isolationCount] = 7
            async let child = Defaults[.isolationCount]
            let fromGroup = await withTaskGroup(of: Int.self) { group in
                group.addTask { Defaults[.isolationCount] }
                return await group.next()!
            }
            let fromTask = await Task { Defaults[.isolationCount] }.value
            let scopeStore = DefaultsStore.standard
            let detachedStore = await Task.detached { DefaultsStore.standard }.value
            #expect(await child == 7 && fromGroup == 7 && fromTask == 7)
            #expect(detachedStore !== scopeStore)
        }
        #expect(realValues().allSatisfy { $0 == nil })
    }

    @Test func scopesNestTheInnerOneWinsAndEachStartsFromTheDefaults() {
        withIsolatedDefaults {
            Defaults[.isolationCount] = 1
            Defaults[.isolationSuiteCount] = 10
            withIsolatedDefaults {
                #expect(Defaults[.isolationCount] == 0 && Defaults[.isolationSuiteCount] == 0)
                Defaults[.isolationCount] = 2
            }
            #expect(Defaults[.isolationCount] == 1 && Defaults[.isolationSuiteCount] == 10)
        }
        withIsolatedDefaults { #expect(Defaults[.isolationCount] == 0) }
    }

    @Test func aDefaultPropertyAndTheSuiteStoreOfAKeyFollowTheScope() {
        withIsolatedDefaults {
            @Default(.isolationSuiteCount) var suiteCount
            suiteCount = 4
            #expect(Defaults[.isolationSuiteCount] == 4)
            #expect(DefaultsStore.standard.store(for: .isolationSuiteCount) === DefaultsStore.suite(isolationSuiteName))
            #expect(DefaultsStore.standard.store(for: .isolationCount) === DefaultsStore.standard)
        }
        #expect(realValues().allSatisfy { $0 == nil })
    }

    /// A store over a `UserDefaults` object names real settings and is not redirected; a store made from a suite
    /// name is (naming a suite is what `DefaultsStore.suite(_:)` does too, and tests must not reach real settings).
    @Test func storesOverAUserDefaultsObjectAreNotRedirectedStoresBySuiteNameAre() throws {
        let scratch = ScratchSuite()
        withIsolatedDefaults {
            DefaultsStore.suite(scratch.name)[.isolationCount] = 5
            DefaultsStore(scratch.defaults)[.isolationName] = "explicit"
            #expect(Defaults[.isolationCount] == 0)
            #expect(DefaultsStore.suite(scratch.name)[.isolationCount] == 5)
        }
        #expect(scratch.defaults.object(forKey: DefaultsKeys.isolationCount.name) == nil)
        #expect(scratch.defaults.string(forKey: DefaultsKeys.isolationName.name) == "explicit")
    }

    @Test func removeSuiteEmptiesTheScopesStoreAndLeavesTheDiskAlone() throws {
        let scratch = ScratchSuite()
        scratch.defaults.set(9, forKey: "kept")
        DefaultsStore.flush()
        try withIsolatedDefaults {
            let store = DefaultsStore.suite(scratch.name)
            store[.isolationCount] = 3
            try DefaultsStore.removeSuite(named: scratch.name)
            #expect(store[.isolationCount] == 0)
        }
        #expect(scratch.defaults.integer(forKey: "kept") == 9)
    }

    @Test func errorsAndResultsPassThrough() throws {
        struct Failure: Error {}
        #expect(throws: Failure.self) { try withIsolatedDefaults { throw Failure() } }
        #expect(withIsolatedDefaults { 42 } == 42)
    }
}
