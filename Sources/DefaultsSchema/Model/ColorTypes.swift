/// Apple's colour types as schema types: `Color` (SwiftUI), `CGColor` (CoreGraphics) and `UIColor` (UIKit).
///
/// They exist only where their framework does, so everything generated for a key of a colour type (the key, its
/// entry in `all`, its settings-class property and settings-view row) is compiled only there, inside
/// `#if canImport(<framework>)`; elsewhere (Linux, and for `UIColor` macOS) the key does not exist and whatever is
/// stored under its name is left alone. AppKit's `NSColor` is refused by name: the runtime gives it no conformance.
extension BuiltinType {
    /// Whether the type is one of Apple's colour types.
    var isColor: Bool { [.color, .cgColor, .uiColor].contains(self) }

    /// The framework that declares a colour type, imported by the generated file and named by its `#if canImport`.
    var colorFramework: String? {
        switch self {
        case .color: return "SwiftUI"
        case .cgColor: return "CoreGraphics"
        case .uiColor: return "UIKit"
        default: return nil
        }
    }

    /// The colour type a name in the schema means when the schema declares no type of that name: `Color`,
    /// `SwiftUI.Color`, `CGColor`, `UIColor`.
    static func color(named name: String) -> BuiltinType? {
        switch name {
        case "Color", "SwiftUI.Color": return .color
        case "CGColor": return .cgColor
        case "UIColor": return .uiColor
        default: return nil
        }
    }
}

extension SchemaType {
    /// The frameworks of the colour types the type names, in a fixed order (`[[Color]]` → `["SwiftUI"]`).
    package var colorFrameworks: [String] {
        switch self {
        case .builtin(let builtin): return builtin.colorFramework.map { [$0] } ?? []
        case .array(let inner), .dictionary(let inner), .set(let inner), .optional(let inner): return inner.colorFrameworks
        case .enumeration, .custom, .record: return []
        }
    }

    /// Whether the type names a colour type anywhere.
    var namesColor: Bool { !colorFrameworks.isEmpty }

    /// The type with every user type named `Color`, `CGColor` or `UIColor` that `isDeclared` does not know (the
    /// schema declares no enum or record type so named) read as Apple's colour type. The parser leaves those names
    /// to this step because only here is it known whether the schema declares a type of that name, which wins.
    func resolvingColorNames(isDeclared: (String) -> Bool) -> SchemaType {
        switch self {
        case .custom(let name) where !isDeclared(name): return BuiltinType.color(named: name).map(SchemaType.builtin) ?? self
        case .optional(let inner): return .optional(inner.resolvingColorNames(isDeclared: isDeclared))
        case .array(let inner): return .array(inner.resolvingColorNames(isDeclared: isDeclared))
        case .set(let inner): return .set(inner.resolvingColorNames(isDeclared: isDeclared))
        case .dictionary(let inner): return .dictionary(inner.resolvingColorNames(isDeclared: isDeclared))
        case .builtin, .enumeration, .custom, .record: return self
        }
    }
}

/// The `#if` condition under which a declaration naming `frameworks` compiles: `canImport(SwiftUI)`, or several
/// joined by `&&`.
func canImportCondition(_ frameworks: [String]) -> String {
    frameworks.map { "canImport(\($0))" }.joined(separator: " && ")
}
