import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

/// `removeSuite(named:)` refuses the names Foundation reserves with a Swift error, and removes nothing: on Apple
/// platforms Foundation refuses them (`UserDefaults(suiteName:)`), or raises an Objective-C exception Swift cannot
/// catch; on Linux it would take them as file names.
@Suite struct RemoveSuiteNameTests {
    static let reserved = [UserDefaults.globalDomain, UserDefaults.argumentDomain, UserDefaults.registrationDomain,
                           "kCFPreferencesAnyApplication", "kCFPreferencesCurrentApplication"]

    @Test(arguments: reserved)
    func aReservedNameThrows(_ name: String) {
        #expect(throws: DefaultsError.forbiddenSuiteName(name)) { try DefaultsStore.removeSuite(named: name) }
        // In an isolation scope too: a test catches the mistake the app would make.
        let isolated = withIsolatedDefaults {
            #expect(throws: DefaultsError.self) { try DefaultsStore.removeSuite(named: name) }
        }
        #expect(isolated == .forbiddenSuiteName(name))
    }

    @Test func theAppsOwnBundleIdentifierIsRefusedAndOnlyIt() {
        #expect(DefaultsStore.isForbiddenSuiteName("com.example.app", bundleIdentifier: "com.example.app"))
        #expect(!DefaultsStore.isForbiddenSuiteName("group.com.example.app", bundleIdentifier: "com.example.app"))
        #expect(!DefaultsStore.isForbiddenSuiteName("com.example.app", bundleIdentifier: nil))
        if let own = Bundle.main.bundleIdentifier {
            #expect(throws: DefaultsError.forbiddenSuiteName(own)) { try DefaultsStore.removeSuite(named: own) }
        }
        #expect(DefaultsError.forbiddenSuiteName("NSGlobalDomain").description.contains("\"NSGlobalDomain\" is not a suite name"))
    }

    #if os(Linux)
    /// Linux's Foundation takes `NSGlobalDomain` as a file name (`$XDG_CONFIG_HOME/NSGlobalDomain.plist`, a
    /// temporary folder in tests): the refused removal leaves that file alone. (Written as a file: a
    /// `synchronize()` here would save every suite this test process changed, without their locks.)
    @Test func onLinuxTheRefusedNamesFileIsLeftAlone() throws {
        let name = UserDefaults.globalDomain
        let path = SharedSuiteFile.path(ofSuiteNamed: name)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let contents = try PropertyListSerialization.data(fromPropertyList: ["sentinel": "kept"], format: .xml, options: 0)
        #expect(FileManager.default.createFile(atPath: path, contents: contents))
        #expect(throws: DefaultsError.forbiddenSuiteName(name)) { try DefaultsStore.removeSuite(named: name) }
        #expect(FileManager.default.contents(atPath: path) == contents)
    }
    #endif
}
