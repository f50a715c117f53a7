import TypedDefaults
#if canImport(SwiftUI)
import SwiftUI

/// The generated settings view and the editor of every key, as an app shows them (compiled for iOS by .ci/apple).
@MainActor func settingsScreens() -> some View {
    TabView {
        NavigationStack { FixtureSettingsView() }
        NavigationStack { DefaultsEditor(DefaultsKeys.StrictSafety.all) }
    }
}
#endif

// The shared checks (exercise.swift), compiled with this target's settings.
await exerciseEveryContext(allKeys: DefaultsKeys.StrictSafety.all)
print(exerciseTitlesAndModels())
