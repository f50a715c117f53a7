import Foundation
import Testing
import TypedDefaults

/// A key's label: its title and help for screens that list keys, translated through the declaring module's bundle.
@Suite struct KeyLabelTests {
    @Test func aKeyWithoutALabelIsTitledByItsNameInWords() {
        #expect(DefaultsKey<Bool>("showTips", default: true).label.title == "Show Tips")
        #expect(DefaultsKey<Int>("maxURLCount", default: 0).label.title == "Max URL Count")
        #expect(DefaultsKey<Int>("app.settings.launchCount", default: 0).label.title == "Launch Count", "the part after the last dot")
        #expect(DefaultsKey<Int>("skip_intro", default: 0).label.title == "Skip Intro")
        #expect(DefaultsKey<Int?>("volume").label.help == nil)
    }

    @Test func aDeclaredLabelIsKeptAndReadThroughItsBundle() throws {
        let key = DefaultsKey<Bool>("showTips", default: true, label: DefaultsKeyLabel("Hints", help: "Whether hints are shown."))
        #expect(key.label.title == "Hints")
        #expect(key.label.help == "Whether hints are shown.")
        #expect(key.label.untranslatedTitle == "Hints")
        // A bundle whose Localizable table translates both.
        let bundle = try Self.bundle(strings: ["Hints": "Astuces", "Whether hints are shown.": "Si les astuces s’affichent."])
        let translated = DefaultsKeyLabel("Hints", help: "Whether hints are shown.", bundle: bundle)
        #expect(translated.title == "Astuces")
        #expect(translated.help == "Si les astuces s’affichent.")
        #expect(DefaultsKeyLabel("Untranslated", bundle: bundle).title == "Untranslated", "no entry: the text itself")
    }

    /// A bundle on disk with a development-language `Localizable.strings` (what a string catalog compiles to).
    static func bundle(strings: [String: String]) throws -> Bundle {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("labels-\(UUID().uuidString).bundle")
        let lproj = root.appendingPathComponent("Resources/en.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        let text = strings.map { "\"\($0.key)\" = \"\($0.value)\";" }.joined(separator: "\n")
        try text.write(to: lproj.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        let flat = root.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: flat, withIntermediateDirectories: true)
        try text.write(to: flat.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        return try #require(Bundle(url: root))
    }
}
