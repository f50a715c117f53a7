#if canImport(SwiftUI)
import SwiftUI

// SwiftUI's `Color` is Sendable. It is stored as the colour it resolves to in a default environment
// (`Color.resolve(in:)`, iOS 17, macOS 14, tvOS 17, watchOS 10: the package's minimums), not through
// `Color.cgColor`, which SwiftUI deprecates in favour of `resolve(in:)` and which is `nil` for the system and
// asset-catalog colours. A colour that adapts (`.primary`, `.red`, an asset's "Any/Dark") is therefore stored as
// its light-appearance value: what is stored is a colour, not a name.
extension Color: DefaultsSerializable {
    /// Stored as `[colorSpaceName, [components]]`, the form sindresorhus/Defaults writes for a `Color`:
    /// `(kCGColorSpaceExtendedSRGB, (1, "0.5", 0, 1))` in `defaults read`; an adaptive colour as its light value.
    public func defaultsObject() throws -> Any? {
        try StoredColor(resolve(in: EnvironmentValues()).cgColor, type: "Color").checkedStoredObject(type: "Color")
    }

    /// Reads `[colorSpaceName, [components]]` (sindresorhus/Defaults' `Color`, or a stored `CGColor`), the JSON text
    /// Defaults stores for a `Color.Resolved` (`"[1,0.5,0,1]"`, extended sRGB), or an
    /// `NSColor` (macOS) or `UIColor` as keyed-archive data (sindresorhus/Defaults' fallback and its `NSColor` and
    /// `UIColor` keys, SwiftyUserDefaults).
    public static func fromDefaultsObject(_ object: Any) -> Color? {
        if let color = StoredColor(storedObject: object)?.cgColor { return Color(cgColor: color) }
        guard let archived = unarchivedColor(object, as: PlatformColor.self) else { return nil }
        #if canImport(AppKit) && !targetEnvironment(macCatalyst)
        return Color(nsColor: archived)
        #else
        return Color(uiColor: archived)
        #endif
    }
}
#endif
