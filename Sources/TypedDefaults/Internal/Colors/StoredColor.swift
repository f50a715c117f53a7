import Foundation

/// A colour as it is stored: the name of its colour space and its components, alpha last.
///
/// The stored form is the array sindresorhus/Defaults' `ColorBridge` writes for a SwiftUI `Color`
/// (`[colorSpace, components] as [Any]`, Sources/Defaults/Defaults+Bridge.swift, line 395 at commit 00a7465):
/// `defaults read` shows it as `(kCGColorSpaceSRGB, (1, "0.5", 0, 1))`, a person can read and edit it, and an app
/// that moves from Defaults to TypedDefaults (or back) keeps its colours in both directions. Plain Swift, so the
/// form is tested on every platform; building a `CGColor` from it is Apple-only (`CGColor+DefaultsSerializable`).
struct StoredColor: Equatable {
    /// The colour space's name, as `CGColorSpace.name` gives it (`kCGColorSpaceSRGB`, `kCGColorSpaceDisplayP3`).
    var colorSpaceName: String
    /// The components in the colour space's order, then alpha (sRGB: red, green, blue, alpha).
    var components: [Double]

    /// The most components a stored colour may have: a generous bound (the named colour spaces have at most four,
    /// CMYK's, plus alpha), so a long damaged array is refused before it costs much to read.
    static let maximumComponentCount = 16

    var storedObject: [Any] { [colorSpaceName, components] }

    /// Reads `[name, [components]]`: a name that is not empty, then one to ``maximumComponentCount`` finite
    /// numbers; or the JSON text sindresorhus/Defaults stores for a `Color.Resolved` (`"[1,0.5,0,1]"`,
    /// ``init(resolvedColorJSON:)``). Anything else (another library's archived data, a damaged value) is `nil`.
    init?(storedObject object: Any) {
        if object is String {
            guard let resolved = Self(resolvedColorJSON: object) else { return nil }
            self = resolved
            return
        }
        guard let pair = storedArrayElements(object), pair.count == 2,
            let name = pair[0].flatMap(unwrapStored) as? String, !name.isEmpty,
            let numbers = pair[1].flatMap(unwrapStored).flatMap(storedArrayElements),
            (1...Self.maximumComponentCount).contains(numbers.count)
        else { return nil }
        var components: [Double] = []
        components.reserveCapacity(numbers.count)
        for number in numbers {
            // Numbers, or numbers as text: a launch argument (`-accentColor '(kCGColorSpaceSRGB, (1, 0.5, 0, 1))'`)
            // is an old-style property list, whose scalars are all strings.
            guard let item = number.flatMap(unwrapStored),
                let value = StoredNumber(item)?.exactly(Double.self), value.isFinite
            else { return nil }
            components.append(value)
        }
        self.init(colorSpaceName: name, components: components)
    }

    init(colorSpaceName: String, components: [Double]) {
        self.colorSpaceName = colorSpaceName
        self.components = components
    }

    /// Refuses a component that is not finite: no colour space gives it a meaning, and no reader could take it back.
    func checkedStoredObject(type: String) throws -> [Any] {
        guard components.allSatisfy(\.isFinite) else {
            throw DefaultsError.notRepresentable("a \(type) with a component that is not finite")
        }
        guard (1...Self.maximumComponentCount).contains(components.count) else {
            throw DefaultsError.notRepresentable("a \(type) with \(components.count) components")
        }
        return storedObject
    }
}
