import Foundation

// sindresorhus/Defaults stores a SwiftUI `Color.Resolved` (iOS 17, macOS 14: `Codable`) through its
// `TopLevelCodableBridge` (Sources/Defaults/Defaults+Extensions.swift, line 149, and Defaults+Bridge.swift, line 8, at
// commit 00a7465): `JSONEncoder` with sorted keys, the data as a UTF-8 string. `Color.Resolved` encodes itself as an
// unkeyed container of its `red`, `green`, `blue` and `opacity` (Floats, gamma-encoded extended sRGB; as
// OpenSwiftUI's audited ColorResolved.swift implements it), so the stored value is the string `"[1,0.5,0,1]"`.
extension StoredColor {
    /// The colour space a `Color.Resolved`'s components are in: extended-range sRGB (a Display P3 red has
    /// components outside 0...1).
    static let resolvedColorSpaceName = "kCGColorSpaceExtendedSRGB"

    /// A JSON array of four finite numbers (red, green, blue, opacity) in a string; anything else is `nil`.
    init?(resolvedColorJSON object: Any) {
        guard object is String, let numbers = parsedForeignJSON(object, opening: "[") as? [Any], numbers.count == 4 else { return nil }
        var components: [Double] = []
        components.reserveCapacity(4)
        for number in numbers {
            // Numbers only: JSON strings (`"0.5"`) are not what `JSONEncoder` writes for a Float.
            guard !(number is String), let value = StoredNumber(number)?.exactly(Double.self), value.isFinite else { return nil }
            components.append(value)
        }
        self.init(colorSpaceName: Self.resolvedColorSpaceName, components: components)
    }
}
