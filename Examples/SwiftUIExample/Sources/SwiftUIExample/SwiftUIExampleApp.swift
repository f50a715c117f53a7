import SwiftUI
import TypedDefaults

/// The views of the README in one window: `swift run SwiftUIExample` on macOS.
@main
struct SwiftUIExampleApp: App {
    @State private var model = EditorModel()

    init() {
        Defaults[.launchCount] += 1
    }

    var body: some Scene {
        WindowGroup {
            VStack(alignment: .leading) {
                Text(model.banner).font(.headline)
                TipsView()
                SettingsView()
                PreferencesView(settings: model.settings)
            }
            .padding()
        }
    }
}
