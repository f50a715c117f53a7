import Foundation
import TypedDefaults
import TypedDefaultsSync
import TypedDefaultsTestDoubles
#if canImport(AppIntents)
import AppIntents
#endif

// Compiled into every executable target of this fixture, each with other compiler settings: the generated keys,
// enums, record and settings class are used from the main actor, from nonisolated code, from an actor and
// from a detached task.

/// Reads and writes keys without any actor isolation.
nonisolated func exerciseNonisolated(_ store: DefaultsStore, allKeys: [DefaultsKeys]) -> String {
    store[.launchCount] += 1
    store[.mode] = .compact
    store[.quality] = .low
    store[.placement].pinned = true
    store[.favorites].insert(3)
    store[.username] = "ann"
    store[.volume] = 7 // outside 0...1: its upper bound is stored
    store[.theme] = .dark
    store[.logLevel] = .debug
    store[.savedQuery].limit = 5
    // A migration by the app's own function: archived data under the old name becomes the string.
    store[DefaultsKey<Data>("tintArchive", default: Data())] = Data("archived:teal".utf8)
    precondition(store[.tint] == "teal")
    // The app's own RawRepresentable struct: the default from its raw value, stored as the raw value.
    precondition(store[.labelColor] == LabelColor(rawValue: "blue"))
    store[.labelColor] = LabelColor(rawValue: "red")
    precondition(store[DefaultsKey<String?>(DefaultsKeys.labelColor.name)] == "red")
    // A type of another module (Foundation's ComparisonResult), stored as its raw value.
    precondition(store[.order] == .orderedAscending)
    store[.order] = .orderedDescending
    precondition(store[DefaultsKey<Int?>(DefaultsKeys.order.name)] == 1)
    // A managed key: the administrator's configuration wins, and the person's write is refused (their value kept).
    let configuration = DefaultsKey<[String: String]>("com.apple.configuration.managed", default: [:])
    store[.serverURL] = "https://mine.example"
    store[configuration] = ["serverURL": "https://corp.example"]
    store[.serverURL] = "https://other.example"
    precondition(store[.serverURL] == "https://corp.example" && store.isForced(.serverURL))
    store.remove(configuration)
    precondition(store[.serverURL] == "https://mine.example" && !store.isForced(.serverURL))
    // Key families: a member's key made by the generated function, its members listed and removed.
    store[.widgetCalendars(widgetID: "w1")] = ["work"]
    store[.pageZoom(index: 2)] = 1.5
    precondition(store[.widgetCalendars(widgetID: "w1")] == ["work"] && store[.widgetCalendars(widgetID: "w2")] == [])
    precondition(store.members(of: .widgetCalendars) == ["w1"] && store.members(of: .pageZoom) == [2])
    store.removeMembers(of: .pageZoom)
    precondition(store[.pageZoom(index: 2)] == 1 && DefaultsKeys.widgetCalendars(widgetID: "w1").name == "w1_calendars")
    let settings = FixtureSettings(store: store)
    settings.launchCount += 1
    return "count=\(store[.launchCount]) mode=\(store[.mode].rawValue) quality=\(store[.quality].rawValue) "
        + "pinned=\(store[.placement].pinned) favorites=\(store[.favorites].sorted()) user=\(store[.username] ?? "nil") "
        + "volume=\(store[.volume]) theme=\(settings.theme) level=\(store[.logLevel].rawValue) "
        + "query=\(store[.savedQuery].text):\(store[.savedQuery].limit) keys=\(allKeys.count)"
}

/// The same through an actor.
actor SettingsWorker {
    func run(_ store: DefaultsStore) -> String {
        store[.quality] = .high
        let settings = FixtureSettings(store: store)
        settings.mode = .regular
        return "actor: quality=\(store[.quality]) mode=\(settings.mode) x=\(store[.placement].x)"
    }
}

/// Runs every context once, in order, and prints what each saw.
func exerciseEveryContext(allKeys: [DefaultsKeys]) async {
    let store = DefaultsStore.inMemory()
    print(exerciseNonisolated(store, allKeys: allKeys))
    print(await SettingsWorker().run(store))
    let detached = await Task.detached {
        Defaults[.launchCount] = 41
        Defaults[.launchCount] += 1
        let value = Defaults[.launchCount]
        Defaults[.favorites] = [9]
        let favorites = Defaults[.favorites]
        DefaultsStore.standard.remove(.launchCount)
        DefaultsStore.suite("typeddefaults.fixture.configurations").remove(.favorites)
        // The suite named at run time: written through Defaults, found in that suite by UserDefaults itself.
        Defaults[.groupLaunches] += 2
        DefaultsStore.flush()
        let inGroup = UserDefaults(suiteName: FixtureAppGroup.identifier)?.integer(forKey: "groupLaunches") ?? -1
        DefaultsStore.standard.store(for: DefaultsKeys.groupLaunches).remove(.groupLaunches)
        return "detached: count=\(value) favorites=\(favorites.sorted()) after=\(Defaults[.launchCount]) "
            + "group=\(inGroup) in \(DefaultsKeys.groupLaunches.suiteName ?? "standard")"
    }.value
    print(detached)
    let onMain = await MainActor.run { () -> String in
        let settings = FixtureSettings(store: store)
        return "main: count=\(settings.launchCount) case=\(Mode.allCases.count) placement=\(Placement(x: 1).x) "
            + "query=\(Search.Query(text: "q").limit) themes=\(Preference.Theme.allCases.count)"
    }
    print(onMain)
    // The keys marked "iCloud": two devices over one in-memory account, synced from the main actor.
    let synced = await MainActor.run { () -> String in
        let account = InMemoryCloudAccount()
        let phone = DefaultsStore.inMemory()
        let laptop = DefaultsStore.inMemory()
        let phoneSync = DefaultsSync(keys: allKeys, store: phone, cloud: account.makeDevice(), pushDelay: nil).start()
        let laptopSync = DefaultsSync(keys: allKeys, store: laptop, cloud: account.makeDevice(), pushDelay: nil).start()
        account.deliverAll()
        phone[.username] = "synced"
        phone[.mode] = .compact
        phone[.launchCount] = 3
        phoneSync.push()
        account.deliverAll()
        return "sync: \(phoneSync.syncedNames) user=\(laptop[.username] ?? "nil") mode=\(laptop[.mode]) "
            + "count=\(laptop[.launchCount]) pending=\(laptopSync.hasPendingPushes) synced=\(DefaultsKeys.username.syncsWithICloud)"
    }
    print(synced)
}

#if canImport(AppIntents)
/// Every kind of generated intent made and passed from nonisolated code: under default MainActor isolation an
/// intent whose conformance were isolated to the main actor could not be used here.
nonisolated func makeIntentsAnywhere() -> [any AppIntent] {
    [GetLaunchCountIntent(), SetLaunchCountIntent(), ToggleShowTipsIntent(), ClearUsernameIntent(), GetSortFieldIntent(), SetThemeIntent()]
}
#endif
