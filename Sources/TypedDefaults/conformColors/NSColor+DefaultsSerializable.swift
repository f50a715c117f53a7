#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

// `NSColor` is Sendable in the SDKs of the package's minimums (macOS 14 and later), which `DefaultsSerializable`
// requires; nothing of ours is added to make it so.
extension NSColor: DefaultsSerializable {
    /// Stored as `[colorSpaceName, [components]]` (its `cgColor`), the form sindresorhus/Defaults writes for a
    /// SwiftUI `Color`, so a person can read it in `defaults read`; an adaptive colour (`.labelColor`, an asset's)
    /// as it resolves for the current appearance.
    public func defaultsObject() throws -> Any? {
        try StoredColor(cgColor, type: "NSColor").checkedStoredObject(type: "NSColor")
    }

    /// Reads `[colorSpaceName, [components]]`, or the keyed-archive data sindresorhus/Defaults and
    /// SwiftyUserDefaults store for an `NSColor`. A subclass reads only from an archive of that subclass.
    public static func fromDefaultsObject(_ object: Any) -> Self? {
        if let color = StoredColor(storedObject: object)?.cgColor { return NSColor(cgColor: color) as? Self }
        return unarchivedColor(object, as: self)
    }
}
#endif
