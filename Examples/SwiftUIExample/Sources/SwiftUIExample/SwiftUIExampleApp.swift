import SwiftUI
import TypedDefaults
import TypedDefaultsSync

/// The views of the README in one window: `swift run SwiftUIExample` on macOS.
@main
struct SwiftUIExampleApp: App {
    @State private var model = EditorModel()
    // One line at launch: the keys marked "iCloud" in defaults.json follow the user across devices.
    private let cloudSync = DefaultsSync(keys: DefaultsKeys.SwiftUIExample.all, cloud: .iCloud).start()

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
                ScreensView()
            }
            .padding()
        }
        #if os(macOS)
        Settings { AppSettingsView() }                                  // the generated view as the app's Settings scene
        #endif
    }
}
