import Foundation
import Observation
import Testing
import TypedDefaults

/// The committed output for families.json: members made by the generated functions, read and written through
/// `Defaults`, `@Default` and stores, observed, listed and removed.
@Suite struct KeyFamiliesTests {
    @Test func membersAreStoredUnderTheTemplateWithTheParameterWrittenIn() {
        #expect(DefaultsKeys.selectedCalendars(widgetID: "42").name == "fam_selectedCalendars_42")
        #expect(DefaultsKeys.widgetTint(widgetID: "w").name == "w_tint")
        #expect(DefaultsKeys.widgetTint(widgetID: "w").formerNames == ["tint.w"])
        #expect(DefaultsKeys.pageZoom(index: -3).name == "fam_pageZoom_-3")
        #expect(DefaultsKeys.accountTheme(accountID: "a").suiteName == "group.typeddefaults.tests.families")
        // Keys of one member made by two calls are the same key.
        #expect(DefaultsKeys.selectedCalendars(widgetID: "42") == DefaultsKeys.selectedCalendars(widgetID: "42"))
        #expect(DefaultsKeys.selectedCalendars(widgetID: "42") != DefaultsKeys.selectedCalendars(widgetID: "43"))
        // Every member has the family's title and help, not its name in words.
        #expect(DefaultsKeys.selectedCalendars(widgetID: "42").label.title == "Calendars")
        #expect(DefaultsKeys.selectedCalendars(widgetID: "42").label.help == "The calendars a widget shows.")
        #expect(DefaultsKeyFamilies.selectedCalendars.nameTemplate == "fam_selectedCalendars_{widgetID}")
        #expect(DefaultsKeyFamilies.pageZoom.parameterName == "index")
        #expect(ObjectIdentifier(DefaultsKeyFamilies.accountTheme.valueType) == ObjectIdentifier(AccountTheme.self))
        // Families are not keys: the key list has only the schema's one key.
        #expect(DefaultsKeys.Families.all.map(\.name) == ["fam_openCount"])
    }

    @Test func membersReadTheFamilysDefaultAndTheirOwnValues() {
        let store = DefaultsStore.inMemory()
        #expect(store[.selectedCalendars(widgetID: "a")] == [])
        #expect(store[.widgetTint(widgetID: "a")] == nil)
        #expect(store[.pageZoom(index: 1)] == 1.0)
        #expect(store[.accountTheme(accountID: "a")] == .light)
        store[.selectedCalendars(widgetID: "a")] = ["work"]
        store[.pageZoom(index: 1)] = 2.5
        #expect(store[.selectedCalendars(widgetID: "a")] == ["work"])
        #expect(store[.selectedCalendars(widgetID: "b")] == [])
        #expect(store[.pageZoom(index: 1)] == 2.5)
        #expect(store[.pageZoom(index: 2)] == 1.0)
        // The range is each member's: a value outside it reads the default.
        #expect(store.setValue(fromObject: 9.0, for: DefaultsKeys.pageZoom(index: 3)) == false)
    }

    @Test func defaultsAndTheWrapperTakeAMembersKey() {
        withIsolatedDefaults {
            Defaults[.selectedCalendars(widgetID: "a")] = ["home"]
            @Default(.selectedCalendars(widgetID: "a")) var calendars
            #expect(calendars == ["home"])
            calendars.append("work")
            #expect(Defaults[.selectedCalendars(widgetID: "a")] == ["home", "work"])
            // A member of a family with a suite lives in that suite's shared store.
            Defaults[.accountTheme(accountID: "x")] = .dark
            #expect(DefaultsStore.suite("group.typeddefaults.tests.families")[.accountTheme(accountID: "x")] == .dark)
            #expect(DefaultsStore.standard.members(of: .accountTheme) == ["x"])
            #expect(DefaultsStore.standard.members(of: .selectedCalendars) == ["a"])
        }
    }

    @Test func aMemberIsObservedThroughAKeyMadeByAnotherCall() async {
        let store = DefaultsStore.inMemory()
        var updates = store.updates(.selectedCalendars(widgetID: "a")).makeAsyncIterator()
        #expect(await updates.next() == [])
        store[.selectedCalendars(widgetID: "b")] = ["other"]  // another member: not this one's update
        store[.selectedCalendars(widgetID: "a")] = ["work"]
        #expect(await updates.next() == ["work"])

        let changed = LockedFlag()
        withObservationTracking { _ = store[.selectedCalendars(widgetID: "c")] } onChange: { changed.set() }
        store[.selectedCalendars(widgetID: "d")] = ["x"]
        #expect(!changed.isSet)
        store[.selectedCalendars(widgetID: "c")] = ["y"]
        #expect(changed.isSet)
    }

    @Test func membersAreListedAndRemovedWithoutTouchingOtherValues() {
        let store = DefaultsStore.inMemory()
        store[.openCount] = 4
        store[.selectedCalendars(widgetID: "b")] = ["x"]
        store[.selectedCalendars(widgetID: "a")] = ["y"]
        store[.widgetTint(widgetID: "a")] = "red"
        store[.pageZoom(index: 10)] = 2
        store[.pageZoom(index: 2)] = 2
        #expect(store.members(of: .selectedCalendars) == ["a", "b"])
        #expect(store.members(of: .widgetTint) == ["a"])
        #expect(store.members(of: .pageZoom) == [2, 10])
        #expect(store.members(of: .accountTheme) == [])

        store.remove(.selectedCalendars(widgetID: "b"))
        #expect(store.members(of: .selectedCalendars) == ["a"])
        store.removeMembers(of: .selectedCalendars)
        #expect(store.members(of: .selectedCalendars) == [])
        #expect(store[.selectedCalendars(widgetID: "a")] == [])
        #expect(store[.openCount] == 4)
        #expect(store[.widgetTint(widgetID: "a")] == "red")
        #expect(store.members(of: .pageZoom) == [2, 10])
    }
}

/// A flag set from an Observation callback, read by the test.
private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
