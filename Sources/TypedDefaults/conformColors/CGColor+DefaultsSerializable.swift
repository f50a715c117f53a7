#if canImport(CoreGraphics)
import CoreGraphics
import Foundation

// `CGColor` is Sendable in Apple's SDKs (CGColor.h marks `CGColorRef` "Swift Sendable"), which
// `DefaultsSerializable` requires; nothing of ours is added to make it so.
extension CGColor: DefaultsSerializable {
    /// Stored as `[colorSpaceName, [components]]`, the form sindresorhus/Defaults writes for a SwiftUI `Color`:
    /// `(kCGColorSpaceSRGB, (1, "0.5", 0, 1))` in `defaults read`. A colour in a colour space with no name is stored
    /// as its extended sRGB equivalent; a pattern, which has no components, throws ``DefaultsError/notRepresentable(_:)``.
    public func defaultsObject() throws -> Any? {
        try StoredColor(self, type: "CGColor").checkedStoredObject(type: "CGColor")
    }

    /// Reads `[colorSpaceName, [components]]` (a colour space CoreGraphics knows, and its count of components plus
    /// alpha), or a `UIColor` or `NSColor` as keyed-archive data (sindresorhus/Defaults, SwiftyUserDefaults).
    public static func fromDefaultsObject(_ object: Any) -> Self? {
        // `Self` because Swift imports CoreFoundation types as non-final classes; every CGColor is one.
        color(in: object).flatMap { $0 as? Self }
    }

    /// The colour a stored object holds.
    private static func color(in object: Any) -> CGColor? {
        if let color = StoredColor(storedObject: object)?.cgColor { return color }
        #if canImport(AppKit) || canImport(UIKit)
        return unarchivedColor(object, as: PlatformColor.self)?.cgColor
        #else
        return nil
        #endif
    }
}
#endif
