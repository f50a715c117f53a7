import Foundation
import Testing
@testable import TypedDefaults
import TypedDefaultsTesting

extension DefaultsKeys {
    static let scopedServerURL = DefaultsKey<String>("scopedServerURL", default: "https://example.com", managed: true)
    static let scopedUploads = DefaultsKey<Int>("scopedUploads", default: 3, in: 0...10, managed: true)
    static let scopedGroupFlag = DefaultsKey<Bool>("scopedGroupFlag", default: false, suite: "group.typeddefaults.managed-scope", managed: true)
}

/// An app developer tests managed settings through what they already use: an administrator's values given to
/// `withIsolatedDefaults(managed:)`, the `.isolatedDefaults(managed:)` trait, or the `-TypedDefaultsManaged` launch
/// argument of an app launched with in-memory stores (UI tests).
@Suite struct ManagedScopeTests {
    @Test func aScopeWithAnAdministratorsValues() {
        withIsolatedDefaults(managed: ["scopedServerURL": "https://mdm.example.com", "scopedUploads": 7, "scopedGroupFlag": true]) {
            #expect(Defaults[.scopedServerURL] == "https://mdm.example.com")
            #expect(Defaults.isForced(.scopedServerURL))
            Defaults[.scopedServerURL] = "https://mine.example.com"
            #expect(Defaults[.scopedServerURL] == "https://mdm.example.com", "the administrator's value wins")
            #expect(DefaultsStore.standard.failures(for: .scopedServerURL).map(\.kind) == [.managedByAdministrator])
            #expect(Defaults[.scopedUploads] == 7)
            #expect(Defaults[.scopedGroupFlag], "read from the standard suite's configuration, whatever the key's suite")
        }
        withIsolatedDefaults {
            #expect(!Defaults.isForced(.scopedServerURL), "no administrator: the next scope starts clean")
            #expect(Defaults[.scopedServerURL] == "https://example.com")
        }
    }

    @Test func anAdministratorsValueThatDoesNotReadIsNeverHandedToTheApp() {
        withIsolatedDefaults(managed: ["scopedServerURL": 42, "scopedUploads": 99]) {
            #expect(Defaults[.scopedServerURL] == "https://example.com")
            #expect(!Defaults.isForced(.scopedServerURL))
            #expect(Defaults[.scopedUploads] == 3, "out of the key's range")
        }
    }

    @Test(.isolatedDefaults(managed: ["scopedUploads": 0]))
    func theTraitGivesEachTestTheAdministratorsValues() {
        #expect(Defaults[.scopedUploads] == 0)
        #expect(Defaults.isForced(.scopedUploads))
        withIsolatedDefaults(managed: ["scopedUploads": 5]) {
            #expect(Defaults[.scopedUploads] == 5, "the inner scope wins")
        }
    }

    @Test func theLaunchArgumentGivesTheInMemoryStoresAConfiguration() {
        let configuration = StoreRedirection.launchManagedConfiguration(
            arguments: ["app", "-TypedDefaultsInMemory", "YES", "-TypedDefaultsManaged", #"{"scopedServerURL": "https://ui.example.com", "scopedUploads": 2, "gone": null}"#])
        #expect(configuration["scopedServerURL"] as? String == "https://ui.example.com")
        #expect((configuration["scopedUploads"] as? NSNumber)?.intValue == 2)
        #expect(configuration["gone"] == nil)
        let family = StoreFamily.inMemory(managedObjects: configuration)
        #expect(family.standard[.scopedServerURL] == "https://ui.example.com")
        #expect(family.standard[.scopedUploads] == 2)
        #expect(family.standard.isForced(.scopedUploads))
        #expect(StoreRedirection.launchManagedConfiguration(arguments: ["app", "-TypedDefaultsManaged", "not json"]).isEmpty)
        #expect(StoreRedirection.launchManagedConfiguration(arguments: ["app", "-TypedDefaultsManaged"]).isEmpty)
    }
}
