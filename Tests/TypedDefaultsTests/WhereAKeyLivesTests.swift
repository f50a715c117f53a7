import Foundation
import Testing
import TestSupport
import TypedDefaults

/// The rule of where a key lives, row by row (the table in docs/Guide.md and the DocC "Getting started"): every
/// way of reaching a key through a store of the family (`Defaults[...]`, `@Default`, `DefaultsStore.standard[...]`,
/// a `$store[...]` binding's key path, `updates`, `has`/`remove`/`update`) × a key of the standard suite, of a
/// literal suite and of a suite named at run time × outside and inside `withIsolatedDefaults`. A key declared with
/// a suite is read and written in that suite's store of the family; a store made explicitly reads keys as given.
/// (Generated settings classes: `NestedTypesTests` and `SettingsClassTests`.)
@Suite struct WhereAKeyLivesTests {
    /// How a key is reached.
    enum Way: String, CaseIterable, Sendable {
        case defaultsSubscript, propertyWrapper, standardStore, bindingKeyPath, suiteStoreOfAnotherSuite, update
    }

    /// What a key is declared with.
    enum Declared: String, CaseIterable, Sendable {
        case standard, literalSuite, runTimeSuite
    }

    /// A key of `declared` kind, with a name of its own; its suite (if any) is a fresh name.
    static func key(_ declared: Declared, _ id: String) -> (key: DefaultsKey<Int>, suite: String?) {
        switch declared {
        case .standard: return (DefaultsKey<Int>("where.\(id)", default: 0), nil)
        case .literalSuite:
            return (DefaultsKey<Int>("where.\(id)", default: 0, suite: "typeddefaults.tests.where.literal"), "typeddefaults.tests.where.literal")
        case .runTimeSuite:
            let suite = "typeddefaults.tests.where.\(id)"  // known only when the key is made, as a "swiftSuite" is
            return (DefaultsKey<Int>("where.\(id)", default: 0, suite: suite), suite)
        }
    }

    /// Writes 7 through `way` and reads it back the same way.
    static func writeAndRead(_ key: DefaultsKey<Int>, _ way: Way) -> Int {
        switch way {
        case .defaultsSubscript:
            Defaults[key] = 7
            return Defaults[key]
        case .propertyWrapper:
            let property = Default(key)
            property.wrappedValue = 7
            return property.wrappedValue
        case .standardStore:
            DefaultsStore.standard[key] = 7
            return DefaultsStore.standard[key]
        case .bindingKeyPath:
            // What `$store[.key]` does with `@Bindable var store = DefaultsStore.standard`.
            let path: ReferenceWritableKeyPath<DefaultsStore, Int> = \DefaultsStore.[key]
            let store = DefaultsStore.standard
            store[keyPath: path] = 7
            return store[keyPath: path]
        case .suiteStoreOfAnotherSuite:
            let store = DefaultsStore.suite("typeddefaults.tests.where.elsewhere")
            store[key] = 7
            return store[key]
        case .update:
            DefaultsStore.standard.update(key) { $0 = 7 }
            return DefaultsStore.standard.value(for: key)
        }
    }

    /// Where the value landed: the family's store of the key's suite (standard for a key without one).
    static func checkHome(_ key: DefaultsKey<Int>, suite: String?, way: Way) {
        let home = suite.map(DefaultsStore.suite) ?? (way == .suiteStoreOfAnotherSuite ? DefaultsStore.suite("typeddefaults.tests.where.elsewhere") : .standard)
        #expect(home.storedObject(for: key) as? Int == 7, "\(way) \(key.name): not in its suite's store")
        #expect(DefaultsStore.suite(suite ?? "typeddefaults.tests.where.elsewhere")[key] == (suite != nil || way == .suiteStoreOfAnotherSuite ? 7 : 0))
        if suite != nil {
            // Not in the store it was reached through: a key with a suite is never written elsewhere.
            #expect(DefaultsStore.standard.store(for: key) === home)
            #expect(DefaultsStore.standard[DefaultsKey<Int>(key.name, default: 0)] == 0, "the standard suite holds nothing of it")
            #expect(Defaults[key] == 7 && DefaultsStore.standard[key] == 7 && Default(key).wrappedValue == 7)
            #expect(DefaultsStore.suite("typeddefaults.tests.where.elsewhere")[key] == 7)
        }
        if suite != nil {
            DefaultsStore.standard.remove(key)
            #expect(home.storedObject(for: key) == nil, "remove through the standard store reaches the key's suite")
        } else {
            home.remove(key)
        }
    }

    @Test(arguments: Way.allCases, Declared.allCases)
    func insideIsolation(way: Way, declared: Declared) {
        withIsolatedDefaults {
            let (key, suite) = Self.key(declared, "in.\(way).\(declared)")
            #expect(Self.writeAndRead(key, way) == 7)
            Self.checkHome(key, suite: suite, way: way)
        }
    }

    @Test(arguments: Way.allCases, Declared.allCases)
    func outsideIsolation(way: Way, declared: Declared) {
        // The test process's settings live in a temporary folder (TestEnvironment): these are "real" suites there.
        let (key, suite) = Self.key(declared, "out.\(way).\(declared).\(UUID().uuidString)")
        #expect(Self.writeAndRead(key, way) == 7)
        Self.checkHome(key, suite: suite, way: way)
        if let suite, declared == .runTimeSuite { try? DefaultsStore.removeSuite(named: suite) }
    }

    @Test func updatesOfAKeyWithASuiteFollowItsSuiteThroughTheStandardStore() async {
        await withIsolatedDefaults {
            let (key, suite) = Self.key(.runTimeSuite, "updates")
            let stream = DefaultsStore.standard.updates(key)
            DefaultsStore.suite(suite!)[key] = 3
            #expect(await firstValues(2, of: stream) == [0, 3])
        }
    }

    @Test func aStoreMadeExplicitlyReadsKeysAsGiven() {
        let scratch = ScratchSuite()
        let (key, suite) = Self.key(.literalSuite, "explicit.\(UUID().uuidString)")
        scratch.store[key] = 5
        #expect(scratch.defaults.integer(forKey: key.name) == 5)
        #expect(DefaultsStore.suite(suite!)[key] == 0)
        #expect(scratch.store.store(for: key) === scratch.store)
        let memory = DefaultsStore.inMemory()
        memory[key] = 6
        #expect(memory[key] == 6 && Defaults[key] == 0)
    }

    @Test func aStoreMadeBySuiteNameIsIsolatedToo() {
        let name = "typeddefaults.tests.where.byname.\(UUID().uuidString)"
        let key = DefaultsKey<Int>("byName", default: 0)
        withIsolatedDefaults {
            DefaultsStore.suite(name)[key] = 4
            #expect(DefaultsStore.suite(name)[key] == 4, "the scope's in-memory suite of that name")
        }
        #expect(UserDefaults(suiteName: name)!.object(forKey: "byName") == nil, "nothing reached real settings")
        #expect(DefaultsStore.suite(name)[key] == 0)
    }
}
