#if canImport(SwiftUI)
import SwiftUI
import TypedDefaults

// Keys of Apple's colour types, declared in Swift as apps declare them (defaults.json declares its own, schema*),
// compiled under each target's settings (for iOS by .ci/apple) and used from nonisolated code. Absent where
// SwiftUI is (Linux), as the types are.

nonisolated extension DefaultsKeys {
    /// SwiftUI's colour, as DockDoor's keys under sindresorhus/Defaults.
    static let accentColor = DefaultsKey<Color>("accentColor", default: .blue)
    /// A CoreGraphics colour.
    static let strokeColor = DefaultsKey<CGColor>("strokeColor", default: CGColor(gray: 0.5, alpha: 1))
    #if canImport(UIKit)
    /// UIKit's colour class, optional: no default.
    static let badgeColor = DefaultsKey<UIColor?>("badgeColor")
    #endif
}

/// Writes and reads each colour key without actor isolation; what each reads back.
nonisolated func exerciseColors(_ store: DefaultsStore) -> String {
    store[.accentColor] = Color(red: 1, green: 0.5, blue: 0)
    store[.strokeColor] = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
    var keys: [DefaultsKeys] = [DefaultsKeys.accentColor, DefaultsKeys.strokeColor]
    #if canImport(UIKit)
    store[.badgeColor] = UIColor(displayP3Red: 1, green: 0, blue: 0, alpha: 1)
    keys.append(DefaultsKeys.badgeColor)
    #endif
    let stored = keys.map { store.debugValue(for: $0).map { "\($0)" } ?? "nil" }
    return "colors: \(stored.joined(separator: "; ")) read=\(store[.strokeColor].numberOfComponents)"
}
#endif
