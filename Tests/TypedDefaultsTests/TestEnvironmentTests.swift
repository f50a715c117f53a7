import Foundation
import TestSupport
import Testing
import TypedDefaults

/// The test process never writes into the settings of whoever runs it.
@Suite struct TestEnvironmentTests {
    #if os(Linux)
    /// Foundation keeps suites in `XDG_CONFIG_HOME`: the test process points it at a temporary folder before the
    /// first test, so a suite saved by a test lands there, and nothing lands in the real `~/.config`.
    @Test func suitesAreSavedInATemporaryHomeNotTheRealOne() throws {
        let home = try #require(ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"])
        #expect(home.hasPrefix(NSTemporaryDirectory()) || home.hasPrefix("/tmp/"), "\(home)")
        #expect(home.contains("typed-defaults-tests-"))
        let name = "typeddefaults.tests.environment.\(UUID().uuidString)"
        defer { try? DefaultsStore.removeSuite(named: name) }
        let store = DefaultsStore.suite(name)
        store[DefaultsKey<Int>("written", default: 0)] = 1
        DefaultsStore.flush()
        #expect(FileManager.default.fileExists(atPath: "\(home)/\(name).plist"))
        let real = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config/\(name).plist").path
        #expect(!FileManager.default.fileExists(atPath: real))
    }
    #endif
}
