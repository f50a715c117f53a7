import ShareKit
import TypedDefaults

// The widget: another process, reading what the app wrote through the same keys; "--reset" cleans up.
if CommandLine.arguments.contains("--reset") {
    try DefaultsStore.removeSuite(named: DefaultsKeys.AppSettings.suiteName)
    print("widget: reset")
} else {
    print("widget: read \(Defaults[.lastOpened] ?? "nil") count=\(Defaults[.openCount])")
}
