import Foundation
import ShareKit
import TypedDefaults

/// What one widget shows: the app's settings read through the generated keys (an app-group key, and this widget's
/// member of a key family). Plain Swift, so what the widget shows is run on every platform; WidgetKit only draws it.
public struct WidgetSnapshot: Sendable, Equatable {
    public var lastOpened: String?
    public var openCount: Int
    public var style: WidgetStyle

    /// The settings as they are now, for the widget `widgetID`.
    public static func current(widgetID: String) -> WidgetSnapshot {
        WidgetSnapshot(lastOpened: Defaults[.lastOpened], openCount: Defaults[.openCount],
                       style: Defaults[.widgetStyle(widgetID: widgetID)])
    }

    /// The widget's line of text.
    public var text: String {
        let document = lastOpened ?? "nothing yet"
        return style == .bold ? document.uppercased() + " (\(openCount))" : "\(document) (\(openCount))"
    }
}
