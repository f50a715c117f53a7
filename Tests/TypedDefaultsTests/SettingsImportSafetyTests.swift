import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

/// A settings file is never trusted: each way a file can be wrong is one clear error, located where the file tells,
/// and the suite is left byte for byte as it was.
@Suite struct SettingsImportSafetyTests {
    private let count = DefaultsKey<Int>("count", default: 0)
    private let name = DefaultsKey<String>("name", default: "")

    private func header(_ version: String = "1") -> String {
        "{\"format\": \"TypedDefaults settings\", \"formatVersion\": \(version), \"settings\": "
    }

    /// The suite's persistent domain, each member as text, in name order.
    private func domainText(_ suite: ScratchSuite) -> String {
        canonicalText(suite.defaults.persistentDomain(forName: suite.name) ?? [:])
    }

    /// Imports `bytes` into a suite holding a value, expects it refused with `expected` (its description), and
    /// the suite's domain and file unchanged.
    private func expectRefused(_ bytes: [UInt8], _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let suite = ScratchSuite()
        suite.store[count] = 7
        DefaultsStore.flush()
        let domain = domainText(suite)
        let file = FileManager.default.contents(atPath: suiteFilePath(suite.name))
        #expect(throws: DefaultsImportError.self, sourceLocation: sourceLocation) {
            do {
                try suite.store.importSettings(from: Data(bytes), keys: [count, name])
            } catch let error as DefaultsImportError {
                #expect(error.description == expected, sourceLocation: sourceLocation)
                throw error
            }
        }
        DefaultsStore.flush()
        #expect(domainText(suite) == domain, sourceLocation: sourceLocation)
        #expect(FileManager.default.contents(atPath: suiteFilePath(suite.name)) == file, sourceLocation: sourceLocation)
        #expect(suite.store[count] == 7, sourceLocation: sourceLocation)
    }

    @Test func malformedJSONNamesItsLineAndColumn() throws {
        try expectRefused(Array((header() + "[\n  {\"name\": \"count\", \"value\": 1,}\n]}").utf8),
                          "2:31: error: trailing comma before '}'; remove it")
    }

    @Test func aRootOtherThanAnObjectIsRefused() throws {
        try expectRefused(Array("[1, 2]".utf8), "1:1: error: the file holds an array; a settings file is a JSON object")
    }

    @Test func aFileOfAnotherKindIsRefused() throws {
        try expectRefused(Array("{\"keys\": {}}".utf8), "1:1: error: not a settings file: \"format\" is not \"TypedDefaults settings\"")
    }

    @Test func duplicateMembersAndDuplicateSettingsAreRefused() throws {
        try expectRefused(Array((header() + "[{\"name\": \"count\", \"value\": 1, \"value\": 2}]}").utf8),
                          "1:101: error: duplicate member \"value\" (first at 1:89); keep one")
        try expectRefused(Array((header() + "[{\"name\": \"count\", \"value\": 1},\n {\"name\": \"count\", \"value\": 2}]}").utf8),
                          "2:2: error: the setting \"count\" appears twice (first at 1:71); keep one")
    }

    @Test func aFormatFromTheFutureIsRefusedNotGuessedAt() throws {
        try expectRefused(Array((header("2") + "[]}").utf8),
                          "1:55: error: the file's format 2 is newer than this app reads (1); update the app, or export again from the version that made it")
    }

    @Test func aFileOverTheSizeLimitIsRefusedBeforeReading() throws {
        let big = [UInt8](repeating: UInt8(ascii: " "), count: DefaultsExport.maximumFileSize + 1)
        try expectRefused(big, "error: the file is \(big.count) bytes, more than a settings file's \(DefaultsExport.maximumFileSize); choose a settings file exported by the app")
    }

    @Test func nestingTooDeepIsRefused() throws {
        let deep = header() + "[{\"name\": \"count\", \"value\": " + String(repeating: "[", count: 150) + String(repeating: "]", count: 150) + "}]}"
        try expectRefused(Array(deep.utf8), "1:198: error: a value nests deeper than 100 levels; no setting does")
        let deeper = header() + String(repeating: "[", count: 300)
        try expectRefused(Array(deeper.utf8), "1:269: error: arrays and objects nest deeper than 200 levels; a settings file never needs that")
        let plist = "<?xml version=\"1.0\"?><plist version=\"1.0\">" + String(repeating: "<array>", count: 300) + String(repeating: "</array>", count: 300) + "</plist>"
        try expectRefused(Array(plist.utf8), "error: the property list nests deeper than 208 levels; no settings file does")
    }

    @Test func invalidUTF8IsRefused() throws {
        try expectRefused(Array((header() + "[{\"name\": \"").utf8) + [0xC0, 0xAF] + Array("\", \"value\": 1}]}".utf8),
                          "1:80: error: the string is not valid UTF-8; save the file as UTF-8")
    }

    @Test func aPropertyListWithADuplicateKeyOrInBinaryIsRefused() throws {
        let plist = """
        <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>format</key><string>TypedDefaults settings</string>
        <key>formatVersion</key><integer>1</integer><key>settings</key><array><dict><key>name</key><string>count</string>
        <key>value</key><integer>1</integer><key>value</key><integer>2</integer></dict></array></dict></plist>
        """
        try expectRefused(Array(plist.utf8), "error: the key \"value\" appears twice in one dictionary; keep one")
        let binary = try PropertyListSerialization.data(fromPropertyList: ["format": "TypedDefaults settings"], format: .binary, options: 0)
        try expectRefused(Array(binary), "error: a binary property list; export the settings again, or convert the file with `plutil -convert xml1`")
    }

    @Test func aBadValueInAnotherwiseGoodFileRefusesTheWholeFile() throws {
        try expectRefused(Array((header() + "[{\"name\": \"name\", \"value\": \"kept\"}, {\"name\": \"count\", \"value\": {\"$date\": \"yesterday\"}}]}").utf8),
                          "1:143: error: $date is not an ISO 8601 date such as \"2026-01-31T12:00:00.250Z\"")
        try expectRefused(Array((header() + "[{\"name\": \"count\", \"value\": null}]}").utf8),
                          "1:98: error: null is no setting's value; leave the setting out instead")
    }
}
