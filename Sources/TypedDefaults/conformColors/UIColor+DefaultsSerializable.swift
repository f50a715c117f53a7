#if canImport(UIKit)
import UIKit

// `UIColor` is Sendable (UIColor.h: `NS_SWIFT_SENDABLE`, checked in the iOS 17.4 SDK), which `DefaultsSerializable`
// requires; nothing of ours is added to make it so. AppKit's `NSColor` gets no conformance: its Sendable
// annotation could not be confirmed for the macOS 14 SDK (apps add `@retroactive @unchecked Sendable` to it, which a
// library must not), and a conformance that does not compile there would break every Mac build. A `Color` or
// `CGColor` key reads archived `NSColor` data on macOS instead.
extension UIColor: DefaultsSerializable {
    /// Stored as `[colorSpaceName, [components]]` (its `cgColor`), the form sindresorhus/Defaults writes for a
    /// SwiftUI `Color`, so a person can read it in `defaults read`; an adaptive colour (`.label`, an asset's) as it
    /// resolves for the current trait collection.
    public func defaultsObject() throws -> Any? {
        try StoredColor(cgColor, type: "UIColor").checkedStoredObject(type: "UIColor")
    }

    /// Reads `[colorSpaceName, [components]]`, or the keyed-archive data sindresorhus/Defaults and
    /// SwiftyUserDefaults store for a `UIColor`. A subclass reads only from an archive of that subclass.
    public static func fromDefaultsObject(_ object: Any) -> Self? {
        if let color = StoredColor(storedObject: object)?.cgColor { return UIColor(cgColor: color) as? Self }
        return unarchivedColor(object, as: self)
    }
}
#endif
