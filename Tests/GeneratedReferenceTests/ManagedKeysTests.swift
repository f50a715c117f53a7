import Foundation
import Testing
import TypedDefaults

/// The configuration an administrator pushes for managed.json, as MDM stores it: a dictionary under
/// `com.apple.configuration.managed`, keyed by stored names (written here through a record key, which stores a
/// dictionary of its fields).
private struct AdministratorConfiguration: Codable, DefaultsSerializable {
    var serverURL: String?
    var syncInterval: Int?
    var region: String?
    var sharedLimit: Int?
    var nickname: String?

    enum CodingKeys: String, CodingKey {
        case serverURL = "ServerURL", syncInterval = "mgSyncInterval", region = "mgRegion", sharedLimit = "mgSharedLimit"
        case nickname = "mgNickname"
    }
}

private let configuration = DefaultsKey<AdministratorConfiguration?>("com.apple.configuration.managed")

/// The committed output for managed.json: its managed keys read the administrator's values, refuse writes while
/// forced, and give the person's values back when management ends.
@Suite struct ManagedKeysTests {
    @Test func theGeneratedKeysSayWhichOnesAreManaged() {
        #expect(DefaultsKeys.Managed.all.filter(\.isManaged).count == 11)
        #expect(DefaultsKeys.mgServerURL.isManaged && !DefaultsKeys.mgNickname.isManaged)
        #expect(DefaultsKeys.mgSharedLimit.suiteName == "group.typeddefaults.tests.managed")
    }

    @Test func anAdministratorsConfigurationWinsUntilItGoes() {
        withIsolatedDefaults {
            Defaults[.mgServerURL] = "https://mine.example"
            Defaults[.mgSyncInterval] = 30
            Defaults[.mgNickname] = "ann"
            Defaults[.mgSharedLimit] = 2
            DefaultsStore.standard[configuration] = AdministratorConfiguration(
                serverURL: "https://corp.example", syncInterval: 500, region: "asia", sharedLimit: 7, nickname: "admin")
            #expect(Defaults[.mgServerURL] == "https://corp.example")
            #expect(Defaults.isForced(.mgServerURL))
            #expect(Defaults[.mgRegion] == .asia)
            #expect(Defaults[.mgSharedLimit] == 7)  // another suite: the standard suite's configuration still counts
            #expect(Defaults[.mgSyncInterval] == 30)  // 500 is outside 5...120: reported, the person's value reads
            #expect(!Defaults.isForced(.mgSyncInterval))
            #expect(Defaults[.mgNickname] == "ann")  // not managed
            #expect(!Defaults.isForced(.mgNickname))
            Defaults[.mgServerURL] = "https://other.example"
            Defaults.reset(.mgRegion)
            #expect(Defaults[.mgServerURL] == "https://corp.example")
            #expect(DefaultsStore.standard.failures(for: DefaultsKeys.mgServerURL).map(\.kind) == [.managedByAdministrator])
            DefaultsStore.standard[configuration] = nil
            #expect(!Defaults.isForced(.mgServerURL))
            #expect(Defaults[.mgServerURL] == "https://mine.example")
            #expect(Defaults[.mgRegion] == .europe)
            #expect(Defaults[.mgSharedLimit] == 2)
        }
    }
}

/// The generated keys carry what `"portable"` decided: the runtime's rule when the schema says nothing.
@Suite struct PortableGeneratedKeysTests {
    @Test func theRichSchemasKeysSayWhetherTheyTravel() {
        #expect(DefaultsKeys.installID.isPortable)
        #expect(!DefaultsKeys.emptyBlob.isPortable)
        #expect(DefaultsKeys.blob.isPortable && DefaultsKeys.blob.declaredPortable == nil)
        #expect(DefaultsKeys.Rich.all.contains { $0.name == "rich.legacyFlag" && !$0.isPortable })
    }
}
