import Foundation
import Testing
import TypedDefaults

extension DefaultsKeys {
    static let frontEndCount = DefaultsKey<Int>("typeddefaults.tests.frontEndCount", default: 0)
    static let frontEndName = DefaultsKey<String?>("typeddefaults.tests.frontEndName")
    static let frontEndTheme = DefaultsKey<Theme>("typeddefaults.tests.frontEndTheme", default: .system)
}

/// The call sites of the README: `Defaults[...]`, leading-dot keys, the property wrapper.
@Suite(.serialized) struct FrontEndTests {
    @Test func standardStoreSubscriptWithLeadingDotKeys() {
        defer { DefaultsStore.standard.remove(.frontEndCount, .frontEndName, .frontEndTheme) }
        Defaults[.frontEndCount] += 1
        Defaults[.frontEndCount] += 1
        #expect(Defaults[.frontEndCount] == 2)
        #expect(UserDefaults.standard.integer(forKey: "typeddefaults.tests.frontEndCount") == 2)
        if let name = Defaults[.frontEndName] { Issue.record("unexpected \(name)") }
        Defaults[.frontEndTheme] = .dark
        #expect(Defaults[.frontEndTheme] == .dark)
        #expect(DefaultsKeys.frontEndCount.name == "typeddefaults.tests.frontEndCount")
        #expect(DefaultsKeys.frontEndCount.defaultValue == 0)
    }

    @Test func propertyWrapperReadsWritesAndResets() async {
        let memory = DefaultsStore.inMemory()
        struct Settings {
            @Default(.frontEndCount, store: DefaultsStore.inMemory()) var detached
            @Default(.frontEndTheme) var theme
        }
        @Default(.frontEndCount, store: memory) var launchCount
        #expect(launchCount == 0)
        launchCount += 5
        #expect(memory[.frontEndCount] == 5)
        #expect(await _launchCount.updates.first { _ in true } == 5)
        _launchCount.reset()
        #expect(launchCount == 0)
        defer { DefaultsStore.standard.remove(.frontEndTheme) }
        let settings = Settings()
        settings.detached = 3
        #expect(settings.detached == 3)
        #expect(Defaults[.frontEndCount] == 0)  // the wrapper's own store, not the standard one
        // A wrapper without a store uses the key's store: a value written there is read through it, and back.
        Defaults[.frontEndTheme] = .dark
        #expect(settings.theme == .dark)
        settings.theme = .light
        #expect(Defaults[.frontEndTheme] == .light)
    }
}
