import ShareKit
import ShareWidgetKit
import TypedDefaults

// The widget: another process, reading what the app wrote through the same keys (what two widgets would show, one
// of them styled by its own member of a key family); "--reset" cleans up.
if CommandLine.arguments.contains("--reset") {
    try DefaultsStore.removeSuite(named: DefaultsKeys.AppSettings.suiteName)
    print("widget: reset")
} else {
    let main = WidgetSnapshot.current(widgetID: "main")
    print("widget: read \(main.lastOpened ?? "nil") count=\(main.openCount)")
    print("widget main: \(main.text); widget w2: \(WidgetSnapshot.current(widgetID: "w2").text)")
}
