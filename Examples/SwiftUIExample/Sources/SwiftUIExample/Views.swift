// The README's "SwiftUI and @Observable" snippets, verbatim (SwiftUIExamplesTests checks it on Linux).
import SwiftUI
import TypedDefaults

struct TipsView: View {
    var body: some View {
        Text(Defaults[.showTips] ? "Tips are on" : "Tips are off")   // follows every write of showTips
    }
}

struct SettingsView: View {
    @Default(.showTips) var showTips                                  // $showTips is a Binding
    @Default(.theme) var theme
    var body: some View {
        Form {
            Toggle("Show tips", isOn: $showTips)
            Picker("Theme", selection: $theme) {
                ForEach(Theme.allCases) { Text($0.title).tag($0) }   // titles from the schema's caseTitles
            }
            Button("Reset") { _showTips.reset() }                     // the wrapper itself: _showTips
        }
    }
}

struct PreferencesView: View {
    @Bindable var settings: AppSettings                               // AppSettings() uses DefaultsStore.standard
    var body: some View {
        Form {
            Toggle("Show tips", isOn: $settings.showTips)
            TextField("Title", text: $settings.title)
            Button("Reset") { settings.reset() }                      // removes every key of the schema
        }
    }
}

struct ScreensView: View {
    @State private var showsSettings = false
    var body: some View {
        NavigationStack {
            List {
                Button("Settings…") { showsSettings = true }
                NavigationLink("Debug: every key") { DefaultsEditor(DefaultsKeys.SwiftUIExample.all) }   // one line
            }
            .sheet(isPresented: $showsSettings) {
                NavigationStack { AppSettingsView() }                  // generated from "settingsView"
            }
        }
    }
}

@Observable final class EditorModel {                                  // a model holding the settings
    let settings = AppSettings()
    var banner: String { "\(settings.title) (\(settings.launchCount))" }   // views reading it follow both keys
}

#Preview { PreferencesView(settings: AppSettings(store: .inMemory())) }
