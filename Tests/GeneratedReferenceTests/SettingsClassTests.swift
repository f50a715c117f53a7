import Foundation
import Observation
import Testing
import TypedDefaults

/// The generated `RichSettings` class (rich.json names it with "settingsClass"), compiled and used.
@Suite struct SettingsClassTests {
    @Test func propertiesReadAndWriteTheirKeysInTheGivenStore() {
        let store = DefaultsStore.inMemory()
        let settings = RichSettings(store: store)
        #expect(settings.store === store)
        #expect(settings.launchCount == 0)
        settings.launchCount += 1
        #expect(store[.launchCount] == 1)
        store[.theme] = .system
        #expect(settings.theme == .system)
        settings.username = "zoë"
        #expect(store[.username] == "zoë")
        settings.username = nil
        #expect(!store.has(.username))
        #expect(RichSettings().store === DefaultsStore.standard)
    }

    /// An optional key with a default (apps declare `String?` and register a default): it reads the default until a
    /// value is stored, and assigning nil removes the stored value, so it reads the default again.
    @Test func anOptionalKeyWithADefaultReadsItUntilSetAndAgainAfterNil() {
        let store = DefaultsStore.inMemory()
        let settings = RichSettings(store: store)
        #expect(DefaultsKeys.nickname.defaultValue == "guest" && DefaultsKeys.accent.defaultValue == .system)
        #expect(settings.nickname == "guest" && store[.accent] == .system && !store.has(.nickname))
        settings.nickname = "zoë"
        store[.accent] = .light
        #expect(store[.nickname] == "zoë" && settings.accent == .light)
        settings.nickname = nil
        store[.accent] = nil
        #expect(settings.nickname == "guest" && store[.accent] == .system)
        #expect(!store.has(.nickname) && !store.has(.accent), "nil removed the stored values")
        #expect(DefaultsKeys.nickname.defaultObject as? String == "guest")
    }

    /// Points, sizes and rectangles: JSON defaults `[w, h]`, `[x, y]`, `[x, y, w, h]`, stored as Foundation's strings.
    @Test func geometryKeysHaveTheirDefaultsAndStoreFoundationsStrings() {
        let store = DefaultsStore.inMemory()
        let settings = RichSettings(store: store)
        #expect(settings.windowSize == CGSize(width: 800, height: 600.5) && settings.origin == nil)
        #expect(store[.frame] == CGRect(x: 0, y: 0.5, width: 10, height: 20))
        #expect(DefaultsKeys.frame.defaultObject as? String == "{{0, 0.5}, {10, 20}}")
        settings.origin = CGPoint(x: 3, y: -4)
        settings.windowSize.width = 1024
        #expect(store.storedObject(for: DefaultsKeys.origin) as? String == "{3, -4}")
        #expect(store.storedObject(for: DefaultsKeys.windowSize) as? String == "{1024, 600.5}")
    }

    @Test func propertiesAreWritableKeyPathsAndTracked() {
        let settings = RichSettings(store: .inMemory())
        let path: ReferenceWritableKeyPath<RichSettings, String> = \.greeting
        settings[keyPath: path] = "Hi"
        #expect(settings.greeting == "Hi")
        let fired = FiredFlag()
        withObservationTracking { _ = settings.greeting } onChange: { fired.set() }
        settings.ratio = 0.1
        #expect(!fired.isSet)
        settings.store[.greeting] = "Hey"  // through the store, not the class
        #expect(fired.isSet)
    }

    @Test func resetRemovesEveryKeyOfTheSchema() {
        let store = DefaultsStore.inMemory()
        let settings = RichSettings(store: store)
        settings.launchCount = 5
        settings.tags = ["x"]
        store[DefaultsKey<Double>("rich.soundLevel", default: 0)] = 0.9  // a former name of "volume"
        settings.reset()
        #expect(settings.launchCount == 0)
        #expect(settings.tags == ["a", "b"])
        #expect(settings.volume == 0.5)
        #expect(DefaultsKeys.Rich.all.allSatisfy { !store.has($0) })
    }

    @Test func aSettingsClassMadeInAnIsolationScopeUsesItsStoresSuiteKeysIncluded() {
        let otherSuite = "group.typeddefaults.tests.other"
        let realBefore = UserDefaults(suiteName: otherSuite)!.object(forKey: DefaultsKeys.iconSize.name)
        withIsolatedDefaults {
            let settings = SharedSettings()
            #expect(settings.store === DefaultsStore.standard)
            #expect(settings.iconSize == .large)
            settings.iconSize = .small
            settings.refreshInterval = 60
            #expect(DefaultsStore.suite(otherSuite)[.iconSize] == .small)
            #expect(Defaults[.refreshInterval] == 60)
            settings.reset()
            #expect(settings.iconSize == .large)
            settings.iconSize = .medium
        }
        withIsolatedDefaults { #expect(SharedSettings().iconSize == .large) }
        #expect(storedObjectsMatch(UserDefaults(suiteName: otherSuite)!.object(forKey: DefaultsKeys.iconSize.name), realBefore))
    }

    @Test func theClassIsSendable() async {
        let settings = RichSettings(store: .inMemory())
        await Task.detached { settings.launchCount = 9 }.value
        #expect(settings.launchCount == 9)
    }
}

private final class FiredFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}

/// Whether two stored objects are both absent or both the same number.
private func storedObjectsMatch(_ lhs: Any?, _ rhs: Any?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): return true
    case let (left as Int, right as Int): return left == right
    default: return false
    }
}
