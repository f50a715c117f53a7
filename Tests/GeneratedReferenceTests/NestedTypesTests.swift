import Foundation
import Testing
import TypedDefaults

/// The committed output for nested.json: nested type names (in a namespace of the schema and in the module's own
/// types), suites named at run time, an `@objc` enum and records with required fields.
@Suite struct NestedTypesTests {
    @Test func nestedTypesLiveInsideTheirOuterTypes() {
        #expect(DefaultsKeys.colorTheme.defaultValue == Preference.Theme.system)
        #expect(DefaultsKeys.logLevel.defaultValue == Logger.Level.info && Logger.Level.error.rawValue == 2)
        #expect(Search.Mode.allCases == [.exact, .fuzzy])
        #expect(Search.Options.Scope.titles.rawValue == "titles")
        #expect(String(reflecting: Search.Options.Window.self).hasSuffix("Search.Options.Window"))
    }

    @Test func runTimeSuitesAreReadWhenAKeyIsFirstUsed() {
        #expect(DefaultsKeys.Nested.suiteName == "typeddefaults.tests.nested.group-app")
        #expect(DefaultsKeys.groupLaunches.suiteName == "typeddefaults.tests.nested.group-app")
        #expect(DefaultsKeys.debugGroupFlag.suiteName == "typeddefaults.tests.nested.debug")
        // A key's literal suite wins over the schema's run-time one.
        #expect(DefaultsKeys.colorTheme.suiteName == "typeddefaults.tests.nested.standard-like")
    }

    @Test(.isolatedByRunTimeSuite) func defaultsReadsAndWritesTheSuiteNamedAtRunTime() {
        Defaults[.groupLaunches] += 3
        Defaults[.debugGroupFlag] = true
        #expect(DefaultsStore.suite("typeddefaults.tests.nested.group-app")[.groupLaunches] == 3)
        #expect(DefaultsStore.suite("typeddefaults.tests.nested.debug")[.debugGroupFlag])
        #expect(DefaultsStore.standard.has(.groupLaunches), "the standard store sends the key to its suite")
        #expect(DefaultsStore.standard[DefaultsKey<Int>(DefaultsKeys.groupLaunches.name, default: 0)] == 0, "nothing in the standard suite")
    }

    /// The module's own RawRepresentable types ("rawType"): the generated conformance stores the raw value, the JSON
    /// default is the raw value, and a raw value the type refuses reads as the default.
    @Test func rawRepresentableTypesAreStoredAsTheirRawValues() {
        let store = DefaultsStore.inMemory()
        #expect(store[.searchTag] == SearchTag(rawValue: "inbox") && store[.priorityCode] == nil)
        store[.searchTag] = SearchTag(rawValue: "sent")
        store[.priorityCode] = PriorityCode(rawValue: 3)
        #expect(store.storedObject(for: DefaultsKeys.searchTag) as? String == "sent")
        #expect(store.storedObject(for: DefaultsKeys.priorityCode) as? Int == 3)
        #expect(store.setValue(fromObject: 0, for: DefaultsKeys.priorityCode) == false, "PriorityCode refuses 0")
        #expect(store[.priorityCode] == PriorityCode(rawValue: 3))
    }

    /// A migration by the app's own function ("swiftConvert"), in place and from another suite: the old object
    /// (archived data) goes through `LegacyColors.string(fromArchived:)`.
    @Test func migrationsByTheAppsFunctionConvertTheOldObject() throws {
        let suiteName = try #require(DefaultsKeys.accentColor.suiteName)
        let archived = { (text: String) in Data("archived:\(text)".utf8) }
        withIsolatedDefaults {
            // In place: what an older version archived under the key's own name.
            DefaultsStore.suite(suiteName)[DefaultsKey<Data>("accentColor", default: Data())] = archived("#123456")
            #expect(Defaults[.accentColor] == "#123456")
            #expect(DefaultsStore.suite(suiteName).storedObject(for: DefaultsKeys.accentColor) as? String == "#123456")
        }
        withIsolatedDefaults {
            // From the standard suite, under its old name.
            DefaultsStore.standard[DefaultsKey<Data>("oldAccent", default: Data())] = archived("#abcdef")
            #expect(Defaults[.accentColor] == "#abcdef")
            #expect(!DefaultsStore.standard.has(DefaultsKey<Data>("oldAccent", default: Data())), "moved, not copied")
        }
        withIsolatedDefaults {
            // What the function cannot convert is dropped: the default applies.
            DefaultsStore.standard[DefaultsKey<Int>("oldAccent", default: 0)] = 7
            #expect(Defaults[.accentColor] == "blue")
        }
    }

    /// The settings class follows the one rule for keys whose suite is named at run time ("swiftSuite"): it used to
    /// write them to the standard suite, where `Defaults[...]` and the widget never looked.
    @Test func theSettingsClassUsesTheSuiteNamedAtRunTime() {
        for isolated in [true, false] {
            let body = {
                let settings = NestedSettings()
                settings.groupLaunches = 7
                settings.debugGroupFlag = true
                #expect(Defaults[.groupLaunches] == 7 && Defaults[.debugGroupFlag])
                #expect(DefaultsStore.suite("typeddefaults.tests.nested.group-app")[.groupLaunches] == 7)
                #expect(DefaultsStore.suite("typeddefaults.tests.nested.debug")[.debugGroupFlag])
                #expect(DefaultsStore.standard[DefaultsKey<Int>(DefaultsKeys.groupLaunches.name, default: 0)] == 0)
                settings.reset()
                #expect(Defaults[.groupLaunches] == 0 && !DefaultsStore.suite("typeddefaults.tests.nested.debug").has(.debugGroupFlag))
                // Over a store made explicitly, every key is read there.
                let memory = DefaultsStore.inMemory()
                NestedSettings(store: memory).groupLaunches = 2
                #expect(memory[.groupLaunches] == 2 && Defaults[.groupLaunches] == 0)
            }
            if isolated { withIsolatedDefaults(body) } else { body() }
        }
    }

    @Test func requiredFieldsHaveNoDefaultAndAStoredValueWithoutThemDoesNotRead() throws {
        let store = DefaultsStore.inMemory()
        #expect(store[.savedQuery] == Search.Query(text: "inbox", limit: 5))
        #expect(store[.searchWindow].query.text == "" && store[.searchWindow].width == 600)
        store[.lastQuery] = Search.Query(text: "cats", scope: .titles)
        #expect(store[.lastQuery]?.limit == 20 && store[.lastQuery]?.scope == .titles)
        // Written by an older version without the required field: the key's default, never a made-up text.
        #expect(store.setValue(fromObject: ["limit": 3], for: DefaultsKeys.savedQuery) == false)
        store[.savedQuery] = Search.Query(text: "x", limit: 9)
        #expect(store.setValue(fromObject: ["text": "dogs"], for: DefaultsKeys.savedQuery))
        #expect(store[.savedQuery] == Search.Query(text: "dogs", limit: 20))
        let stored = try #require(store.storedObject(for: .savedQuery) as? [String: Any])
        #expect(stored["text"] as? String == "dogs")
    }

    @Test func theObjCEnumIsAnIntEnumOnEveryPlatform() {
        let store = DefaultsStore.inMemory()
        store[.logLevel] = .error
        #expect(store.storedObject(for: .logLevel) as? Int == 2)
        #expect(DefaultsKeys.NSQuitAlwaysKeepsWindows.name == "NSQuitAlwaysKeepsWindows")
    }
}

extension Trait where Self == IsolatedByRunTimeSuite {
    /// Runs the test with in-memory stores, so the run-time suites it writes are not the real ones.
    static var isolatedByRunTimeSuite: Self { Self() }
}

/// `withIsolatedDefaults` around a test (the trait of `TypedDefaultsTesting`, which this target does not link).
struct IsolatedByRunTimeSuite: TestTrait, TestScoping {
    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await withIsolatedDefaults { try await function() }
    }
}
