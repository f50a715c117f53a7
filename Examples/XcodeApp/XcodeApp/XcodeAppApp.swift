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
            VStack {
                Text("Launches: \(Defaults[.launchCount])")
                Picker("Theme", selection: Binding(get: { Defaults[.theme] }, set: { Defaults[.theme] = $0 })) {
                    ForEach(Theme.allCases, id: \.self) { Text($0.rawValue) }
                }
            }
        }
    }
}
