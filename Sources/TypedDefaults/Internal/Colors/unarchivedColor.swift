#if canImport(ObjectiveC)
import Foundation

/// The colour in keyed-archive data, as other libraries store `NSColor` and `UIColor`: sindresorhus/Defaults'
/// `NSSecureCodingBridge` (`NSKeyedArchiver.archivedData(withRootObject:requiringSecureCoding: true)`,
/// Sources/Defaults/Defaults+Bridge.swift, line 88 at commit 00a7465; also its `ColorBridge` for a SwiftUI `Color`
/// with no `cgColor`, line 392) and SwiftyUserDefaults' `DefaultsKeyedArchiverBridge`
/// (`NSKeyedArchiver.archivedData(withRootObject:)`, Sources/DefaultsBridges.swift, line 267 at commit 558c015).
/// Both write the same archive; it is read with secure coding, so data naming any other root class reads as `nil`.
///
/// Apple-only: Linux Foundation has no colour classes, so there such data reads as the key's default (reported as
/// an unreadable value, and kept until the key is written).
func unarchivedColor<ColorClass: NSObject & NSSecureCoding>(_ object: Any, as type: ColorClass.Type) -> ColorClass? {
    guard let data = object as? Data else { return nil }
    // `unarchivedObject(ofClass:from:)` (iOS 11, macOS 10.13) requires secure coding.
    return try? NSKeyedUnarchiver.unarchivedObject(ofClass: type, from: data)
}
#endif
