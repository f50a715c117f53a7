import Foundation
import TestSupport
import TypedDefaults

/// A fresh suite for one test, removed (file included) when the test ends.
final class ScratchSuite {
    let name = "typeddefaults.robustness.\(UUID().uuidString)"
    let defaults: UserDefaults
    let store: DefaultsStore

    init() {
        defaults = UserDefaults(suiteName: name)!
        store = DefaultsStore(defaults)
    }

    deinit {
        store.flush()
        defaults.removePersistentDomain(forName: name)
        defaults.synchronize()
        #if !canImport(Darwin)
        let config = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"]
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config").path
        try? FileManager.default.removeItem(atPath: "\(config)/\(name).plist")
        #endif
    }
}

enum Mood: String, CaseIterable, Codable, DefaultsSerializable { case calm, busy, away }

struct Account: Codable, Equatable, DefaultsSerializable {
    var email: String
    var logins: Int
    var scores: [Double]
    var mood: Mood
}
