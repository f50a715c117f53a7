import ShareKit
import TypedDefaults

// The app: opens a document, records it for the widget, saves at once (a widget reads another process's file).
Defaults[.lastOpened] = "Notes.txt"
Defaults[.openCount] += 1
Defaults[.widgetStyle(widgetID: "w2")] = .bold
DefaultsStore.flush()
print("app: wrote \(Defaults[.lastOpened] ?? "nil") count=\(Defaults[.openCount]) in \(DefaultsKeys.AppSettings.suiteName) keys=\(sharedKeyCount)")
