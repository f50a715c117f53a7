@testable import DefaultsSchema
import Foundation
import Testing

/// Integer keys in the Settings bundle: never a slider, whose value is a real number (7.4172) that an integer key
/// does not read (it reads whole numbers only), so the user's pick would read as the default. A range of a few
/// whole numbers is a list of them; any other integer key, a number pad.
@Suite struct SettingsBundleIntegerTests {
    /// Every integer type, a narrow range and a wide one, including ranges at the ends of Int64 and UInt64.
    static let cases: [(type: String, minimum: String, maximum: String, listed: [String]?)] = [
        ("Int", "1", "5", texts(1...5)),
        ("Int", "-2", "9", texts(-2...9)),
        ("Int", "0", "12", nil),
        ("Int8", "-128", "-120", texts(-128 ... -120)),
        ("Int16", "0", "1000", nil),
        ("Int32", "7", "7", ["7"]),
        ("Int64", "-9223372036854775808", "-9223372036854775805", texts(Int64.min ... Int64.min + 3)),
        ("Int64", "-9223372036854775808", "9223372036854775807", nil),
        ("UInt", "0", "11", texts(0...11)),
        ("UInt8", "250", "255", texts(250...255)),
        ("UInt16", "0", "65535", nil),
        ("UInt32", "1", "4", ["1", "2", "3", "4"]),
        ("UInt64", "18446744073709551610", "18446744073709551615", texts(UInt64.max - 5 ... UInt64.max)),
        ("UInt64", "0", "18446744073709551615", nil),
    ]

    /// Each number of `range` as decimal text.
    static func texts<T: FixedWidthInteger>(_ range: ClosedRange<T>) -> [String] {
        range.map { String($0) }
    }

    @Test(arguments: cases.indices)
    func anIntegerRangeIsAListOrANumberPadNeverASlider(_ index: Int) throws {
        let (type, minimum, maximum, listed) = Self.cases[index]
        let json = #"{"settingsBundle": {"groups": [{"keys": ["n"]}]}, "keys": {"n": {"type": "\#(type)", "default": \#(maximum), "minimum": \#(minimum), "maximum": \#(maximum)}}}"#
        let specifier = try #require(try Self.specifiers(json).first)
        if let listed {
            #expect(specifier["Type"] as? String == "PSMultiValueSpecifier")
            #expect(Self.integers(specifier["Values"]) == listed)
            #expect(specifier["Titles"] as? [String] == listed)
            #expect(Self.integers(specifier["DefaultValue"].map { [$0] }) == [maximum])
        } else {
            #expect(specifier["Type"] as? String == "PSTextFieldSpecifier")
            #expect(specifier["KeyboardType"] as? String == "NumberPad")
        }
        #expect(specifier["Type"] as? String != "PSSliderSpecifier")
    }

    /// A Double or Float range keeps its slider: its real values read back.
    @Test(arguments: ["Double", "Float"])
    func aFloatingPointRangeKeepsItsSlider(_ type: String) throws {
        let json = #"{"settingsBundle": {"groups": [{"keys": ["n"]}]}, "keys": {"n": {"type": "\#(type)", "default": 2, "minimum": 1, "maximum": 3}}}"#
        #expect(try Self.specifiers(json).first?["Type"] as? String == "PSSliderSpecifier")
    }

    /// The specifiers of keys (not groups) in the Root.plist generated for `json`.
    static func specifiers(_ json: String) throws -> [[String: Any]] {
        let output = generate(json)
        let schema = try #require(output.schema, "\(output.diagnostics)")
        let plist = try #require(SettingsBundleRenderer(sourceName: "defaults.json").render(schema)).rootPlist
        let root = try #require(try PropertyListSerialization.propertyList(from: Data(plist.utf8), format: nil) as? [String: Any])
        return try #require(root["PreferenceSpecifiers"] as? [[String: Any]]).filter { $0["Key"] != nil }
    }

    /// Property-list integers as decimal text (exact beyond Int64 too), or nil when one is not an integer.
    static func integers(_ value: Any?) -> [String]? {
        guard let elements = value as? [Any] else { return nil }
        var result: [String] = []
        for element in elements {
            // A real (`d` or `f`) is what a slider stores, which an integer key does not read.
            guard let number = element as? NSNumber, !["d", "f"].contains(String(cString: number.objCType)) else { return nil }
            result.append(number.stringValue)
        }
        return result
    }
}
