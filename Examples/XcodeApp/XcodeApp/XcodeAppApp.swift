import SwiftUI
import TypedDefaults

/// An iOS app target in an Xcode project, whose keys come from defaults.json through the build-tool plugin
/// (Build Phases › Run Build Tool Plug-ins › TypedDefaultsPlugin): the plugin's `XcodeBuildToolPlugin`
/// conformance runs only here. Built by the macOS job of .github/workflows/ci.yml for the iOS simulator.
@main
struct XcodeAppApp: App {
    init() {
        Defaults[.launchCount] += 1
    }

    var body: some Scene {
        WindowGroup {
            SettingsScreen()
        }
    }
}

/// The app's settings: each control bound to its key with `$`, the picker's titles from the schema.
struct SettingsScreen: View {
    @Default(.launchCount) var launchCount
    @Default(.theme) var theme
    @Default(.showTips) var showTips

    var body: some View {
        Form {
            Section {
                Picker("Theme", selection: $theme) {
                    ForEach(Theme.allCases) { Text($0.title).tag($0) }
                }
                Toggle("Show Tips", isOn: $showTips)
            } footer: {
                Text("Launches: \(launchCount)")
            }
            Button("Reset") { Defaults.reset(.theme, .showTips) }
        }
    }
}

#Preview {
    SettingsScreen()  // in memory by itself: a preview never touches the developer's settings
}

/// A toggle over a store passed in: `store.binding(_:)` (docs/Guide.md, "SwiftUI and @Observable").
struct TipsToggle: View {
    let store: DefaultsStore                                          // a store passed in
    var body: some View {
        Toggle("Show Tips", isOn: store.binding(.showTips))
    }
}

#Preview { TipsToggle(store: .inMemory()) }

#Preview("Real settings") {
    DefaultsStore.useRealStores()
    return SettingsScreen()
}
