#if canImport(WidgetKit) && canImport(AppIntents) && canImport(SwiftUI)
import AppIntents
import ShareKit
import SwiftUI
import WidgetKit

// The widget: WidgetKit asks the provider for entries, each a `WidgetSnapshot` of the settings; the view only draws
// it. Apple's documented shape (WidgetKit, iOS 17): `AppIntentConfiguration` with a `WidgetConfigurationIntent` and an
// `AppIntentTimelineProvider`.

/// What a person configures on a widget: which one it is, so each keeps its own style (a key family member).
public struct ShareWidgetConfiguration: WidgetConfigurationIntent {
    public static var title: LocalizedStringResource { "Recent Document" }

    @Parameter(title: "Widget", default: "main")
    public var widgetID: String

    public init() {}
}

public struct ShareWidgetEntry: TimelineEntry {
    public let date: Date
    public let snapshot: WidgetSnapshot
}

public struct ShareWidgetProvider: AppIntentTimelineProvider {
    public init() {}

    public func placeholder(in context: Context) -> ShareWidgetEntry {
        ShareWidgetEntry(date: .now, snapshot: WidgetSnapshot(lastOpened: nil, openCount: 0, style: .plain))
    }

    public func snapshot(for configuration: ShareWidgetConfiguration, in context: Context) async -> ShareWidgetEntry {
        ShareWidgetEntry(date: .now, snapshot: .current(widgetID: configuration.widgetID))
    }

    // The app reloads timelines when it writes (WidgetCenter); nothing to refresh on a schedule.
    public func timeline(for configuration: ShareWidgetConfiguration, in context: Context) async -> Timeline<ShareWidgetEntry> {
        Timeline(entries: [ShareWidgetEntry(date: .now, snapshot: .current(widgetID: configuration.widgetID))], policy: .never)
    }
}

public struct ShareWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "ShareWidget", intent: ShareWidgetConfiguration.self, provider: ShareWidgetProvider()) { entry in
            Text(entry.snapshot.text)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Recent Document")
    }
}
#endif
