import Foundation
import TestSupport
import Testing

/// The runtime's privacy manifest (`Sources/TypedDefaults/PrivacyInfo.xcprivacy`): a resource of the runtime target,
/// so SwiftPM puts it into the runtime's resource bundle and Xcode reads it into the app's privacy report. It
/// declares `UserDefaults` (a "required reason" API) with the reasons the library's own use needs, no tracking and
/// no collected data.
@Suite struct PrivacyManifestTests {
    static let source = repositoryRoot.appendingPathComponent("Sources/TypedDefaults/PrivacyInfo.xcprivacy")

    /// The reasons, from Apple's list for `NSPrivacyAccessedAPICategoryUserDefaults`, each for what the runtime reads
    /// (``theReasonsAreThoseOfWhatTheRuntimeReads()`` finds each use): CA92.1, the app's own defaults (the standard
    /// suite, and suites only the app reads); 1C8F.1, suites shared with the app's extensions through an App Group;
    /// AC6B.1, the managed app configuration an MDM server sets (`com.apple.configuration.managed`, which managed
    /// keys read). Not C56D.1: it may not be declared by an SDK "created primarily to wrap required reason API(s)",
    /// which this library is.
    static let userDefaultsReasons = ["CA92.1", "1C8F.1", "AC6B.1"]

    /// What in the runtime's sources needs each reason: a reason is declared exactly when its use is there.
    static let usesByReason: [(reason: String, use: String)] = [
        ("CA92.1", "UserDefaults.standard"),
        ("1C8F.1", "UserDefaults(suiteName:"),
        ("AC6B.1", "\"com.apple.configuration.managed\""),
    ]

    /// Checks a parsed manifest: exactly these four keys, with these values.
    static func expectDeclaresOnlyUserDefaults(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let manifest = try #require(
            try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any], sourceLocation: sourceLocation)
        #expect(Set(manifest.keys) == ["NSPrivacyTracking", "NSPrivacyTrackingDomains", "NSPrivacyCollectedDataTypes", "NSPrivacyAccessedAPITypes"],
                sourceLocation: sourceLocation)
        #expect(manifest["NSPrivacyTracking"] as? Bool == false, sourceLocation: sourceLocation)
        #expect((manifest["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true, sourceLocation: sourceLocation)
        #expect((manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true, sourceLocation: sourceLocation)
        let types = try #require(manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]], sourceLocation: sourceLocation)
        #expect(types.count == 1, sourceLocation: sourceLocation)
        #expect(types.first?["NSPrivacyAccessedAPIType"] as? String == "NSPrivacyAccessedAPICategoryUserDefaults", sourceLocation: sourceLocation)
        #expect(types.first?["NSPrivacyAccessedAPITypeReasons"] as? [String] == userDefaultsReasons, sourceLocation: sourceLocation)
        #expect(types.first.map { Set($0.keys) } == ["NSPrivacyAccessedAPIType", "NSPrivacyAccessedAPITypeReasons"], sourceLocation: sourceLocation)
    }

    @Test func theManifestInSourcesParsesAndDeclaresOnlyUserDefaults() throws {
        try Self.expectDeclaresOnlyUserDefaults(try Data(contentsOf: Self.source))
    }

    /// Each reason declared is one the runtime's code needs, and each one it needs is declared: a use dropped or
    /// added fails here until the manifest says so.
    @Test func theReasonsAreThoseOfWhatTheRuntimeReads() throws {
        var text = ""
        for folder in ["Sources/TypedDefaults"] {
            let enumerator = try #require(FileManager.default.enumerator(atPath: repositoryRoot.appendingPathComponent(folder).path))
            for case let file as String in enumerator where file.hasSuffix(".swift") {
                text += try String(contentsOf: repositoryRoot.appendingPathComponent("\(folder)/\(file)"), encoding: .utf8)
            }
        }
        let needed = Self.usesByReason.filter { text.contains($0.use) }.map(\.reason)
        #expect(needed == Self.userDefaultsReasons)
    }

    /// In the built product: `TypedDefaults_TypedDefaults.resources` beside the binaries on Linux (a `.bundle` on
    /// Apple platforms), the file copied as it is, at the bundle's root, where Xcode's privacy report finds it.
    @Test func theBuiltRuntimeCarriesTheManifestInItsResources() throws {
        let bundle = try #require(builtResourceBundle(target: "TypedDefaults"), "no TypedDefaults_TypedDefaults resource bundle beside the tests")
        let candidates = ["PrivacyInfo.xcprivacy", "Contents/Resources/PrivacyInfo.xcprivacy"].map { bundle.appendingPathComponent($0) }
        let built = try #require(candidates.first { FileManager.default.fileExists(atPath: $0.path) }, "no PrivacyInfo.xcprivacy in \(bundle.path)")
        let data = try Data(contentsOf: built)
        #expect(data == (try Data(contentsOf: Self.source)), "the built manifest differs from Sources/TypedDefaults/PrivacyInfo.xcprivacy")
        try Self.expectDeclaresOnlyUserDefaults(data)
    }

    /// The manifest declares no other category because the code Apple platforms compile calls none of Apple's other
    /// required reason APIs (file timestamps, system boot time, disk space, active keyboards). The runtime's only
    /// use of `stat` and `fstat` is in a Linux-only file (Linux Foundation's shared suite files). A new use fails
    /// here: declare it in the manifest, with its reason, and add its file to `linuxOnly` only if Apple platforms do
    /// not compile it.
    @Test func appleCompiledRuntimeCodeUsesNoOtherRequiredReasonAPI() throws {
        let linuxOnly: Set<String> = ["Sources/TypedDefaults/Internal/OtherProcesses/SharedSuiteFile.swift"]
        let names = [
            "creationDate", "modificationDate", "fileModificationDate", "contentModificationDate", "contentModificationDateKey",
            "creationDateKey", "getattrlist", "getattrlistbulk", "fgetattrlist", "getattrlistat", "stat", "fstat", "fstatat",
            "lstat", "attributesOfItem", "systemUptime", "mach_absolute_time", "volumeAvailableCapacityKey",
            "volumeAvailableCapacityForImportantUsageKey", "volumeAvailableCapacityForOpportunisticUsageKey",
            "volumeTotalCapacityKey", "systemFreeSize", "systemSize", "statfs", "statvfs", "fstatfs", "fstatvfs",
            "attributesOfFileSystem", "activeInputModes",
        ]
        let pattern = try NSRegularExpression(pattern: "\\b(\(names.joined(separator: "|")))\\b")
        var found: [String] = []
        for folder in ["Sources/TypedDefaults", "Sources/DefaultsFormats"] {
            let enumerator = try #require(FileManager.default.enumerator(atPath: repositoryRoot.appendingPathComponent(folder).path))
            for case let file as String in enumerator where file.hasSuffix(".swift") {
                let path = "\(folder)/\(file)"
                let text = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                if linuxOnly.contains(path) {
                    // Wholly inside `#if !canImport(ObjectiveC)`: Apple platforms compile none of it.
                    #expect(lines.first == "#if !canImport(ObjectiveC)" && lines.last(where: { !$0.isEmpty }) == "#endif", "\(path) is not wholly Linux-only")
                    continue
                }
                for (index, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                    let string = String(line)
                    if pattern.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) != nil {
                        found.append("\(path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
        }
        #expect(found.isEmpty, "required reason APIs the manifest does not declare:\n\(found.joined(separator: "\n"))")
        // The scan sees what it looks for: the Linux-only file does call `stat`.
        let shared = try String(contentsOf: repositoryRoot.appendingPathComponent(linuxOnly.first!), encoding: .utf8)
        #expect(pattern.firstMatch(in: shared, range: NSRange(shared.startIndex..., in: shared)) != nil)
    }
}
