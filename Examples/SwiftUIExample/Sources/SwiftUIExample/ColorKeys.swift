// The schema's colour key (`"accentColor": {"type": "Color", "default": "#007AFF"}` in defaults.json), generated
// inside `#if canImport(SwiftUI)`: used here where SwiftUI exists.
#if canImport(SwiftUI)
import SwiftUI
import TypedDefaults

/// Picks the accent colour; `$accentColor` is a `Binding<Color>` over the stored `[colorSpaceName, [components]]`.
struct AccentColorPicker: View {
    @Default(.accentColor) var accentColor

    var body: some View {
        ColorPicker("Accent", selection: $accentColor)
    }
}
#endif
