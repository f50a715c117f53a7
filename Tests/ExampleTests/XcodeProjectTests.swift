import Foundation
import TestSupport
import Testing

/// Examples/XcodeApp is set up as docs/Xcode.md says (only the macOS workflow builds it): the plugin under Run Build
/// Tool Plug-ins, `defaults.json` a member of the app target, and the app group of its suite in the target's
/// entitlements.
@Suite struct XcodeProjectTests {
    static let folder = repositoryRoot.appendingPathComponent("Examples/XcodeApp")

    static func project() throws -> String {
        try String(contentsOf: folder.appendingPathComponent("XcodeApp.xcodeproj/project.pbxproj"), encoding: .utf8)
    }

    @Test func thePluginRunsAsABuildToolPluginOfTheAppTarget() throws {
        let project = try Self.project()
        // Xcode records a Run Build Tool Plug-ins entry as a target dependency on the plugin product.
        let plugin = try #require(project.firstMatch(of: /(\w+) \/\* TypedDefaultsPlugin \*\/ = \{\s*isa = XCSwiftPackageProductDependency;[^}]*productName = "plugin:TypedDefaultsPlugin";/))
        let dependency = try Regex("isa = PBXTargetDependency;\\s*productRef = \(plugin.1) ")
        #expect(project.contains(dependency), "no target depends on the plugin")
        #expect(project.contains("productName = TypedDefaults;"), "the app target links the TypedDefaults library")
    }

    @Test func theSchemaIsAMemberOfTheAppTarget() throws {
        let project = try Self.project()
        #expect(FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent("XcodeApp/defaults.json").path))
        #expect(project.contains("isa = PBXFileSystemSynchronizedRootGroup; path = XcodeApp;"), "the app's folder is synchronized")
        // A membership exception would hide the schema from the plugin (docs/Xcode.md, "Where defaults.json lives").
        #expect(!project.contains("membershipExceptions"), "no file of the app's folder is kept out of the target")
    }

    @Test func theAppGroupOfTheSchemasSuiteIsInTheEntitlements() throws {
        let schemaData = try Data(contentsOf: Self.folder.appendingPathComponent("XcodeApp/defaults.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: schemaData) as? [String: Any])
        let suite = try #require(schema["suite"] as? String)
        #expect(try Self.project().contains("CODE_SIGN_ENTITLEMENTS = XcodeApp.entitlements;"))
        let entitlementsData = try Data(contentsOf: Self.folder.appendingPathComponent("XcodeApp.entitlements"))
        let entitlements = try #require(try PropertyListSerialization.propertyList(from: entitlementsData, format: nil) as? [String: Any])
        #expect((entitlements["com.apple.security.application-groups"] as? [String])?.contains(suite) == true)
    }
}
