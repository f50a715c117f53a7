import Foundation
import Testing
import TypedDefaults

/// What the App Intents of intents.json do (the committed output's `IntentActions`, which every intent's
/// `perform()` calls): plain Swift, tested here where App Intents does not exist.
/// Each test in stores of its own (`withIsolatedDefaults`).
@Suite struct IntentActionsTests {
    private typealias Actions = DefaultsKeys.Intents.IntentActions

    @Test func getReturnsTheValueAndSetStoresIt() {
        withIsolatedDefaults {
            #expect(Actions.getInTheme() == .light)
            Actions.setInTheme(.highContrast)
            #expect(Defaults[.inTheme] == .highContrast)
            #expect(DefaultsStore.standard.debugValue(for: DefaultsKeys.inTheme) as? InTheme == .highContrast)
            Actions.setInModes([.dark, .light])
            #expect(Actions.getInModes() == [.dark, .light])
        }
    }

    @Test func integersAreClampedToTheKeysTypeThenToItsRange() {
        withIsolatedDefaults {
            Actions.setInVolume(7)
            #expect(Defaults[.inVolume] == 7 && Actions.getInVolume() == 7)
            // Past Int8 and past the range: Int8's top, then the range's, as the store clamps a write.
            Actions.setInVolume(1_000)
            #expect(Defaults[.inVolume] == 10)
            Actions.setInVolume(-5)
            #expect(Defaults[.inVolume] == 0)
            Actions.setInRetries(70_000)
            #expect(Defaults[.inRetries] == UInt16.max)
            Actions.setInRetries(-1)
            #expect(Defaults[.inRetries] == 0)
            Actions.setInLevels([-300, 5, 300])
            #expect(Defaults[.inLevels] == [-128, 5, 127])
            #expect(Actions.getInLevels() == [-128, 5, 127])
        }
    }

    @Test func realNumbersGoThroughDoubleAndAreClampedToTheRange() {
        withIsolatedDefaults {
            Actions.setInGain(0.75)
            #expect(Defaults[.inGain] == 0.75 && Actions.getInGain() == 0.75)
            Actions.setInGain(3)
            #expect(Defaults[.inGain] == 1)
            #expect(DefaultsStore.standard.failures(for: DefaultsKeys.inGain).map(\.kind) == [.outOfRange])
            Actions.setInSpeed(2.5)
            #expect(Actions.getInSpeed() == 2.5)
        }
    }

    @Test func toggleTurnsItOverAndReturnsWhatItIsNow() {
        withIsolatedDefaults {
            #expect(Actions.getInShowTips())
            #expect(Actions.toggleInShowTips() == false)
            #expect(Defaults[.inShowTips] == false)
            #expect(Actions.toggleInShowTips() == true)
        }
    }

    @Test func toggleIsOneStepSoConcurrentTogglesAllCount() async {
        await withIsolatedDefaults {
            // An even number of toggles from many tasks at once ends where it started, whatever the interleaving.
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<200 { group.addTask { Actions.toggleInShowTips() } }
            }
            #expect(Defaults[.inShowTips] == true)
        }
    }

    @Test func clearRemovesTheValueOfAnOptionalKey() {
        withIsolatedDefaults {
            #expect(Actions.getInNickname() == nil)
            Actions.setInNickname("Nick")
            #expect(Actions.getInNickname() == "Nick")
            Actions.clearInNickname()
            #expect(Actions.getInNickname() == nil && !DefaultsStore.standard.has(DefaultsKeys.inNickname))
            let date = Date(timeIntervalSince1970: 1_800_000_000)
            Actions.setInReminder(date)
            #expect(Actions.getInReminder() == date)
            Actions.clearInReminder()
            #expect(Actions.getInReminder() == nil)
        }
    }

    @Test func aKeyWithASuiteIsWrittenInThatSuitesStore() {
        withIsolatedDefaults {
            Actions.setInShared(true)
            #expect(DefaultsStore.suite("group.typeddefaults.tests.intents")[DefaultsKeys.inShared] == true)
            #expect(DefaultsStore.standard.store(for: DefaultsKeys.inShared) === DefaultsStore.suite("group.typeddefaults.tests.intents"))
            Actions.clearInShared()
            #expect(Actions.getInShared() == nil)
        }
    }

    @Test func readOnlyKeysAreGivenAsAppIntentsTakeThem() {
        withIsolatedDefaults {
            #expect(Actions.getInInstall() == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
            #expect(Actions.getInQuota() == 5)
            #expect(Actions.getInServer() == URL(string: "https://example.com/api"))
            Actions.setInTags(["x", "y"])
            #expect(Actions.getInTags() == ["x", "y"])
        }
    }

    /// What "Get …" says by voice (its dialog): the value in words.
    @Test func getSaysTheValueInWords() {
        #expect(Actions.spokenInShowTips(true) == "on" && Actions.spokenInShowTips(false) == "off")
        #expect(Actions.spokenInTheme(.highContrast) == "High Contrast", "an enum case's title")
        #expect(Actions.spokenInModes([.dark, .light]) == "Dark, Light" && Actions.spokenInModes([]) == "none")
        #expect(Actions.spokenInNickname(nil) == "not set" && Actions.spokenInNickname("Ann") == "Ann")
        #expect(Actions.spokenInVolume(7) == "7" && Actions.spokenInSpeed(1.5) == "1.5")
        #expect(Actions.spokenInServer(URL(string: "https://example.com/api")!) == "https://example.com/api")
        #expect(Actions.spokenInShared(nil) == "not set" && Actions.spokenInShared(true) == "on")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(Actions.spokenInReminder(date) == date.formatted(date: .long, time: .shortened))
    }
}
