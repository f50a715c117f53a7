// docs/Schema.md's colour key, verbatim: colours are not schema types yet, so the key is declared in Swift beside
// the schema, where SwiftUI exists.
#if canImport(SwiftUI)
import SwiftUI
import TypedDefaults

nonisolated extension DefaultsKeys {  // as the generated keys: usable off the main actor
    static let accentColor = DefaultsKey<Color>("accentColor", default: .blue)
}

/// Picks the accent colour; `$accentColor` is a `Binding<Color>` over the stored `[colorSpaceName, [components]]`.
struct AccentColorPicker: View {
    @Default(.accentColor) var accentColor

    var body: some View {
        ColorPicker("Accent", selection: $accentColor)
    }
}
#endif
