import Observation
import TypedDefaults

/// An `@Observable` model holding the generated settings, as an app's view model would.
@Observable final class Model {
    let settings: AppSettings
    init(settings: AppSettings) { self.settings = settings }
    var banner: String { "\(settings.title) (\(settings.launchCount))" }
}

let settings = AppSettings(store: .inMemory())
let model = Model(settings: settings)
nonisolated(unsafe) var changes: [String] = []
withObservationTracking { _ = model.banner } onChange: { changes.append("banner") }
withObservationTracking { _ = settings.showTips } onChange: { changes.append("showTips") }
settings.launchCount += 1
settings.title = "Notes"
let title: ReferenceWritableKeyPath<AppSettings, String> = \.title
settings[keyPath: title] = "Notes 2"
settings.showTips = false
print("banner=\(model.banner) showTips=\(settings.showTips) changes=\(changes.joined(separator: ","))")
settings.reset()
print("after reset: banner=\(model.banner) showTips=\(settings.showTips)")
