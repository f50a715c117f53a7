import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

/// The stored form of `Color`, `CGColor` and `UIColor` (the conformances are Apple-only; the form is
/// plain Swift, tested here on every platform): sindresorhus/Defaults' `[colorSpaceName, [components]]`
/// (`ColorBridge.serialize`, Sources/Defaults/Defaults+Bridge.swift, line 395 at commit 00a7465), read from the bytes
/// it leaves in an app's preferences file and written so that Defaults reads it back.
@Suite struct StoredColorTests {
    /// An app's preferences file after Defaults stored `Color(red: 1, green: 0.5, blue: 0)` under `accentColor`
    /// (`defaults export`), and a Display P3 colour under `highlight`.
    static let defaultsPreferencesFile = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>accentColor</key>
            <array>
                <string>kCGColorSpaceSRGB</string>
                <array>
                    <real>1</real>
                    <real>0.5</real>
                    <integer>0</integer>
                    <real>1</real>
                </array>
            </array>
            <key>highlight</key>
            <array>
                <string>kCGColorSpaceDisplayP3</string>
                <array>
                    <real>0.25</real>
                    <real>0.75</real>
                    <real>1.0625</real>
                    <real>0.5</real>
                </array>
            </array>
        </dict>
        </plist>
        """

    @Test func readsWhatDefaultsStores() throws {
        let entries = try entriesReadBack(fromPreferencesFile: Self.defaultsPreferencesFile)
        let accent = try #require(entries["accentColor"])
        #expect(StoredColor(storedObject: accent) == StoredColor(colorSpaceName: "kCGColorSpaceSRGB", components: [1, 0.5, 0, 1]))
        let highlight = try #require(entries["highlight"])
        #expect(StoredColor(storedObject: highlight) == StoredColor(colorSpaceName: "kCGColorSpaceDisplayP3", components: [0.25, 0.75, 1.0625, 0.5]))
    }

    /// Raw `UserDefaults` calls here take the lock the stores take around Linux Foundation's own class, which is not
    /// safe to call from several threads at once (other tests run meanwhile): once, a value set was read back as nil.
    @Test func storesWhatDefaultsReads() throws {
        let suite = ScratchSuite()
        let color = StoredColor(colorSpaceName: "kCGColorSpaceSRGB", components: [0.1, 0.2, 1 / 3, 1])
        let object = try color.checkedStoredObject(type: "Color")
        withFoundationLock { suite.defaults.set(object, forKey: "accentColor") }
        // Defaults' reader: `object as? [Any]`, `object[0] as? String`, `object[1] as? [CGFloat]`.
        let stored = try #require(withFoundationLock { suite.defaults.array(forKey: "accentColor") })
        #expect(stored.count == 2)
        #expect(stored.first as? String == "kCGColorSpaceSRGB")
        let components = try #require(stored.last.flatMap { $0 as? [Any] })
        #expect(components.compactMap { ($0 as? NSNumber)?.doubleValue } == [0.1, 0.2, 1 / 3, 1])
        // As the XML a person reads (`defaults export`): the name and the numbers, nothing archived.
        let xml = try PropertyListSerialization.data(fromPropertyList: ["accentColor": stored], format: .xml, options: 0)
        let text = String(decoding: xml, as: UTF8.self)
        #expect(text.contains("<string>kCGColorSpaceSRGB</string>"))
        #expect(!text.contains("NSKeyedArchiver"))
        #expect(StoredColor(storedObject: stored) == color)
    }

    /// A launch argument (`-accentColor '(kCGColorSpaceSRGB, (1, 0.5, 0, 1))'`) is an old-style property list,
    /// whose numbers are strings.
    @Test func readsALaunchArgument() throws {
        let object = try PropertyListSerialization.propertyList(from: Data("(kCGColorSpaceSRGB, (1, 0.5, 0, 1))".utf8), format: nil)
        #expect(StoredColor(storedObject: object) == StoredColor(colorSpaceName: "kCGColorSpaceSRGB", components: [1, 0.5, 0, 1]))
    }

    /// What is not the form reads as no colour (the store then reads the key's default and reports the value):
    /// among them the keyed archive Defaults and SwiftyUserDefaults store for `NSColor` and `UIColor`, which only
    /// Apple platforms can open (`unarchivedColor`).
    @Test func somethingElseIsNoColor() {
        let archive = Data("bplist00\u{D4}\u{01}\u{02}\u{03}\u{04}X$versionY$archiverT$topX$objects".utf8)
        let notColors: [Any] = [
            archive, "kCGColorSpaceSRGB", "#FF8800", 7,
            ["kCGColorSpaceSRGB"] as [Any],
            ["kCGColorSpaceSRGB", [1, 0.5, 0, 1], "extra"] as [Any],
            ["", [1, 1]] as [Any],
            ["kCGColorSpaceSRGB", [] as [Any]] as [Any],
            ["kCGColorSpaceSRGB", [1, "half", 0, 1]] as [Any],
            ["kCGColorSpaceSRGB", [1, Double.nan, 0, 1]] as [Any],
            ["kCGColorSpaceSRGB", [1, Double.infinity, 0, 1]] as [Any],
            ["kCGColorSpaceSRGB", Array(repeating: 0.5, count: 17)] as [Any],
            [[1, 0.5, 0, 1], "kCGColorSpaceSRGB"] as [Any],
            [1, [1, 0.5, 0, 1]] as [Any],
        ]
        for object in notColors {
            #expect(StoredColor(storedObject: object) == nil, "\(object)")
        }
        #expect(StoredColor(storedObject: ["kCGColorSpaceSRGB", Array(repeating: 0.5, count: 16)] as [Any]) != nil)
    }

    @Test func aColorWithNoMeaningIsNotStored() {
        #expect(throws: DefaultsError.notRepresentable("a CGColor with a component that is not finite")) {
            try StoredColor(colorSpaceName: "kCGColorSpaceSRGB", components: [1, .nan, 0, 1]).checkedStoredObject(type: "CGColor")
        }
        #expect(throws: DefaultsError.notRepresentable("a Color with 0 components")) {
            try StoredColor(colorSpaceName: "kCGColorSpaceSRGB", components: []).checkedStoredObject(type: "Color")
        }
    }
}

/// sindresorhus/Defaults' `Color.Resolved` key (`Defaults.Key<Color.Resolved>`): a JSON string of red, green, blue
/// and opacity in extended sRGB, as its `TopLevelCodableBridge` writes it (`JSONEncoder`, sorted keys, UTF-8 text;
/// Sources/Defaults/Defaults+Bridge.swift, line 8 at commit 00a7465).
@Suite struct StoredResolvedColorTests {
    /// An app's preferences file after Defaults stored `Color(red: 1, green: 0.5, blue: 0).resolve(in: .init())`
    /// under `accentColor`, and a Display P3 red resolved (extended sRGB, components outside 0...1) under `highlight`.
    static let defaultsPreferencesFile = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>accentColor</key>
            <string>[1,0.5,0,1]</string>
            <key>highlight</key>
            <string>[1.0930663,-0.22674033,-0.15013367,0.75]</string>
        </dict>
        </plist>
        """

    @Test func readsWhatDefaultsStores() throws {
        let entries = try entriesReadBack(fromPreferencesFile: Self.defaultsPreferencesFile)
        let accent = try #require(entries["accentColor"])
        #expect(StoredColor(storedObject: accent) == StoredColor(colorSpaceName: "kCGColorSpaceExtendedSRGB", components: [1, 0.5, 0, 1]))
        let highlight = try #require(entries["highlight"])
        #expect(StoredColor(storedObject: highlight)
            == StoredColor(colorSpaceName: "kCGColorSpaceExtendedSRGB", components: [1.0930663, -0.22674033, -0.15013367, 0.75]))
    }

    /// Other JSON text is not a colour: the wrong count, strings, a JSON object, a string that is not JSON.
    @Test func otherJSONIsNoColor() {
        let notColors = ["[1,0.5,0]", "[1,0.5,0,1,1]", "[\"1\",\"0.5\",\"0\",\"1\"]", "{\"red\":1}", "[1,0.5,0,", "[1,null,0,1]", "#FF8000"]
        for text in notColors {
            #expect(StoredColor(storedObject: text) == nil, "\(text)")
        }
    }
}

/// The entries of a preferences file (`defaults export`'s XML), set in a scratch suite and read back through it, as a
/// store finds them: Linux Foundation hands arrays back as `[Any?]`, Apple's as `NSArray`. Raw calls take the lock the
/// stores take around Linux Foundation's own class, which is not safe from several threads at once.
private func entriesReadBack(fromPreferencesFile text: String) throws -> [String: Any] {
    let file = try #require(try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) as? [String: Any])
    let suite = ScratchSuite()
    return withFoundationLock {
        for (key, value) in file { suite.defaults.set(value, forKey: key) }
        return file.keys.reduce(into: [:]) { entries, key in entries[key] = suite.defaults.object(forKey: key) }
    }
}
