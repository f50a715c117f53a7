#if canImport(CoreGraphics)
import CoreGraphics

// Between the stored form and CoreGraphics: Apple-only (CoreGraphics does not exist on Linux, where Foundation
// declares only CGFloat and the geometry types).
extension StoredColor {
    /// The colour's own colour space and components, or for a colour in a colour space with no name (one built
    /// from an ICC profile) its extended sRGB equivalent, which every reader can rebuild; throws for a pattern,
    /// which has no components to store.
    init(_ color: CGColor, type: String) throws {
        if let space = color.colorSpace, space.model != .pattern, let name = space.name as String?,
            let components = color.components {
            self.init(colorSpaceName: name, components: components.map(Double.init))
            return
        }
        // `CGColor.converted(to:intent:options:)` (iOS 10, macOS 10.12) gives nil when no conversion exists.
        guard let extendedSRGB = CGColorSpace(name: CGColorSpace.extendedSRGB),
            let converted = color.converted(to: extendedSRGB, intent: .defaultIntent, options: nil),
            let components = converted.components
        else { throw DefaultsError.notRepresentable("a \(type) with no components (a pattern)") }
        self.init(colorSpaceName: CGColorSpace.extendedSRGB as String, components: components.map(Double.init))
    }

    /// The colour, or `nil` when CoreGraphics has no colour space of that name or the count of components is not
    /// the space's count plus alpha. The count is checked here because `CGColor(colorSpace:components:)` reads
    /// that many values from the pointer it is given, whatever the array holds.
    var cgColor: CGColor? {
        guard let space = CGColorSpace(name: colorSpaceName as CFString),
            [.monochrome, .rgb, .cmyk, .lab, .deviceN, .XYZ].contains(space.model),
            components.count == space.numberOfComponents + 1
        else { return nil }
        let values = components.map { CGFloat($0) }
        return values.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { CGColor(colorSpace: space, components: $0) }
        }
    }
}
#endif
