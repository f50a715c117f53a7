import Foundation
import Observation
import TestSupport
import Testing
@testable import TypedDefaults

/// Managed keys (`"managed": true`): the administrator's value, from the managed app configuration that MDM stores
/// under `com.apple.configuration.managed` in the standard suite, wins; writes are refused and reported; the
/// person's own value comes back when management ends. MDM's pushes are ordinary changes of that entry made outside
/// the stores: played here by writing the in-memory suite directly and telling the suite as Foundation's callbacks do.
@Suite struct ManagedKeyTests {
    private let serverURL = DefaultsKey<String>("serverURL", default: "https://example.com", managed: true)
    private let retries = DefaultsKey<Int>("retries", default: 3, in: 0...10, managed: true)
    private let unmanaged = DefaultsKey<String>("nickname", default: "")

    /// Stores the administrator's configuration `configuration` (`nil`: management ends) as MDM does: outside the
    /// stores, which hear of it as a change of the entry.
    private func push(_ configuration: [String: Any]?, to store: DefaultsStore) {
        guard case .memory(let memory) = store.storage else { Issue.record("an in-memory store"); return }
        if let configuration { memory.set(configuration, forKey: DefaultsStore.managedConfigurationName) }
        else { memory.removeObject(forKey: DefaultsStore.managedConfigurationName) }
        store.suite.valuesChangedOutside([DefaultsStore.managedConfigurationName])
    }

    @Test func aManagedKeyReadsTheAdministratorsValueAndSaysItIsForced() {
        let store = DefaultsStore.inMemory()
        store[serverURL] = "https://mine.example"
        #expect(!store.isForced(serverURL))
        #expect(store[serverURL] == "https://mine.example")
        push(["serverURL": "https://corp.example", "retries": 7], to: store)
        #expect(store[serverURL] == "https://corp.example")
        #expect(store.isForced(serverURL))
        #expect(store[retries] == 7)
        #expect(store.failures(for: serverURL).isEmpty)
    }

    @Test func aKeyThatIsNotManagedIgnoresTheConfiguration() {
        let store = DefaultsStore.inMemory()
        let sameNameUnmanaged = DefaultsKey<String>("serverURL", default: "https://example.com")
        push(["serverURL": "https://corp.example", "nickname": "admin"], to: store)
        #expect(store[sameNameUnmanaged] == "https://example.com")
        #expect(!store.isForced(sameNameUnmanaged))
        #expect(store[unmanaged] == "")
        store[unmanaged] = "ann"
        #expect(store[unmanaged] == "ann")
        #expect(!store.isForced(unmanaged))
    }

    @Test func writesToAForcedKeyChangeNothingAreReportedAndThePersonsValueComesBack() {
        let store = DefaultsStore.inMemory()
        store[serverURL] = "https://mine.example"
        push(["serverURL": "https://corp.example"], to: store)
        store[serverURL] = "https://other.example"
        #expect(store[serverURL] == "https://corp.example")
        #expect(store.storedObject(for: serverURL) as? String == "https://mine.example")
        let failure = DefaultsFailure(.managedByAdministrator, keyName: "serverURL",
                                      detail: "the administrator sets its value; the person's own value is kept for when management ends")
        #expect(store.failures(for: serverURL) == [failure])
        #expect(failure.description == "\"serverURL\": a write was not made, the key is managed by an administrator "
            + "(the administrator sets its value; the person's own value is kept for when management ends)")
        store.removeFailures(for: serverURL)
        store.remove(serverURL, unmanaged)
        let seen = store.update(serverURL) { value -> String in
            value = "https://updated.example"
            return value
        }
        #expect(seen == "https://updated.example")  // the closure ran on the administrator's value, for its result
        #expect(store.setValue(fromObject: "https://set.example", for: serverURL) == false)
        #expect(store.storedObject(for: serverURL) as? String == "https://mine.example")
        #expect(store.failures(for: serverURL).map(\.kind) == [.managedByAdministrator])
        push(nil, to: store)
        #expect(!store.isForced(serverURL))
        #expect(store[serverURL] == "https://mine.example")
        store[serverURL] = "https://mine2.example"
        #expect(store[serverURL] == "https://mine2.example")
    }

    @Test func anUnreadableAdministratorsValueIsReportedAndThePersonsValueReads() {
        let store = DefaultsStore.inMemory()
        store[retries] = 2
        push(["retries": "many"], to: store)
        #expect(store[retries] == 2)
        #expect(!store.isForced(retries))
        #expect(store.failures(for: retries).map(\.detail)
            == ["the administrator's value, a string, does not read as Int in the key's range; the key reads the person's own value"])
        push(["retries": 99], to: store)  // outside the key's range
        #expect(store[retries] == 2)
        store[retries] = 4  // not forced: the write is made
        #expect(store[retries] == 4)
    }

    @Test func observersOfAManagedKeySeeTheAdministratorComeAndGo() async {
        let store = DefaultsStore.inMemory()
        store[serverURL] = "https://mine.example"
        let stream = store.updates(serverURL)
        push(["serverURL": "https://corp.example"], to: store)
        push(["serverURL": "https://corp.example", "other": 1], to: store)  // the same value for the key: nothing
        push(nil, to: store)
        store[serverURL] = "https://mine2.example"
        #expect(await firstValues(4, of: stream)
            == ["https://mine.example", "https://corp.example", "https://mine.example", "https://mine2.example"])
    }

    @Test func aWriteOfTheConfigurationThroughAStoreIsSeenToo() async {
        let store = DefaultsStore.inMemory()
        let stream = store.updates(serverURL)
        let configuration = DefaultsKey<[String: String]>(DefaultsStore.managedConfigurationName, default: [:])
        store[configuration] = ["serverURL": "https://corp.example"]
        #expect(await firstValues(2, of: stream) == ["https://example.com", "https://corp.example"])
    }

    @Test func trackedReadsOfAManagedKeyAndOfIsForcedAreInvalidatedByTheAdministrator() {
        let store = DefaultsStore.inMemory()
        let value = track { _ = store[serverURL] }
        let forced = track { _ = store.isForced(serverURL) }
        let other = track { _ = store[unmanaged] }
        push(["serverURL": "https://corp.example"], to: store)
        #expect(value.happened)
        #expect(forced.happened)
        #expect(!other.happened)
        let whileForced = track { _ = store[serverURL] }
        push(nil, to: store)
        #expect(whileForced.happened)
    }

    @Test func aKeyOfAnotherSuiteReadsTheConfigurationOfTheStandardSuite() {
        withIsolatedDefaults {
            let grouped = DefaultsKey<Int>("limit", default: 1, suite: "group.example.managed", managed: true)
            Defaults[grouped] = 5
            push(["limit": 9], to: DefaultsStore.standard)
            #expect(Defaults[grouped] == 9)
            #expect(Defaults.isForced(grouped))
            #expect(DefaultsStore.suite("group.example.managed").isForced(grouped))
            Defaults[grouped] = 6
            #expect(DefaultsStore.suite("group.example.managed").storedObject(for: grouped) as? Int == 5)
            push(nil, to: DefaultsStore.standard)
            #expect(Defaults[grouped] == 5)
        }
    }

    @Test func observersOfAKeyOfAnotherSuiteSeeTheStandardSuitesConfiguration() async {
        await withIsolatedDefaults {
            let grouped = DefaultsKey<Int>("limit", default: 1, suite: "group.example.managed", managed: true)
            let stream = Defaults.updates(grouped)
            push(["limit": 9], to: DefaultsStore.standard)
            #expect(await firstValues(2, of: stream) == [1, 9])
        }
    }
}

/// Whether an observation's `onChange` ran.
private final class Fired: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false
    func hit() { lock.lock(); fired = true; lock.unlock() }
    var happened: Bool { lock.lock(); defer { lock.unlock() }; return fired }
}

/// Runs `read` under `withObservationTracking`, as a SwiftUI body does.
private func track(_ read: () -> Void) -> Fired {
    let fired = Fired()
    withObservationTracking(read) { fired.hit() }
    return fired
}

/// `DefaultsEditor` on managed keys: a forced key's row says so (its control is disabled), and its edits change
/// nothing.
@Suite struct ManagedKeyEditorTests {
    @Test func aForcedKeysRowIsMarkedAndItsEditsChangeNothing() throws {
        let managed = DefaultsKey<Int>("limit", default: 1, managed: true)
        let plain = DefaultsKey<Int>("other", default: 2)
        let store = DefaultsStore.inMemory()
        let model = DefaultsEditorModel(keys: [managed, plain], store: store)
        #expect(model.rows().map(\.isForced) == [false, false])
        let configuration = DefaultsKey<[String: Int]>(DefaultsStore.managedConfigurationName, default: [:])
        store[configuration] = ["limit": 9, "other": 7]
        let rows = model.rows()
        #expect(rows.map(\.isForced) == [true, false])
        #expect(rows.map(\.valueText) == ["9", "2"])
        #expect(!model.setText("5", for: rows[0]))
        model.reset(rows[0])
        #expect(store[managed] == 9)
        #expect(store.storedObject(for: managed) == nil)
    }
}
