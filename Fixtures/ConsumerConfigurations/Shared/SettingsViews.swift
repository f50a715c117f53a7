import Foundation
import Observation
import TypedDefaults
#if canImport(SwiftUI)
import SwiftUI
#endif

// Compiled into every executable target of this fixture, each with its own compiler settings: what app code writes
// around the keys, in SwiftUI (Apple platforms: the Apple compile builds it for iOS) and in plain Swift.

/// `@Default` in an `@Observable` model: `@ObservationIgnored`, because the store already tracks each read.
/// `nonisolated`, as the generated settings class is: settings are read from any context.
@Observable nonisolated final class TipsModel {
    @ObservationIgnored @Default(.showTips) var showTips
    @ObservationIgnored @Default(.sortField) var sortField

    /// The wrapper itself (`_showTips`) resets on every platform.
    func resetTips() { _showTips.reset() }

    var summary: String { "\(showTips ? "tips" : "no tips"), sorted by \(sortField.title)" }
}

/// `@Default` in a plain type.
struct TipsPolicy {
    @Default(.launchCount) var launchCount
    var showsWelcome: Bool { launchCount < 3 }
}

/// What the plain-Swift code above does, as the fixture's output: titles, identity, labels, the model.
func exerciseTitlesAndModels() -> String {
    withIsolatedDefaults {
        let model = TipsModel()
        model.sortField = .dateAdded
        model.showTips = false
        let before = model.summary
        model.resetTips()
        let identifiers = SortField.allCases.map(\.id)
        return "titles: \(SortField.allCases.map(\.title)) ids=\(identifiers.count) case=\(SortField.title.rawValue) "
            + "label=\(DefaultsKeys.showTips.label.title)/\(DefaultsKeys.showTips.label.help ?? "") "
            + "model=\(before) -> \(model.summary) welcome=\(TipsPolicy().showsWelcome)"
    }
}

#if canImport(SwiftUI)
/// A settings form: `$x` is a `Binding` on each control.
struct FixtureSettingsForm: View {
    @Default(.showTips) var showTips
    @Default(.mode) var mode
    @Default(.volume) var volume
    @Default(.launchCount) var launchCount
    @Default(.tint) var tint
    @Default(.sortField) var sortField
    @State private var model = TipsModel()

    var body: some View {
        Form {
            Toggle("Show Tips", isOn: $showTips)
            Picker("Mode", selection: $mode) {
                ForEach(Mode.allCases) { mode in Text(mode.title).tag(mode) }
            }
            Picker(DefaultsKeys.sortField.label.title, selection: $sortField) {
                ForEach(SortField.allCases) { Text($0.title).tag($0) }
            }
            #if !os(tvOS)
            Slider(value: $volume, in: 0...1)
            Stepper("Launches: \(launchCount)", value: $launchCount)
            #endif
            TextField("Tint", text: $tint)
            Text(model.summary)
            Button("Reset tips") { _showTips.reset() }
        }
    }
}

/// A form over a store passed in: `store.binding(_:)`.
struct FixtureStoreForm: View {
    let store: DefaultsStore

    var body: some View {
        Toggle(DefaultsKeys.showTips.label.title, isOn: store.binding(.showTips))
        Picker("Mode", selection: store.binding(.mode)) {
            ForEach(Mode.allCases) { Text($0.title).tag($0) }
        }
    }
}

#Preview { FixtureSettingsForm() }
#endif

#if canImport(Combine)
import Combine

/// UIKit-style code: a callback with a token, and a Combine pipeline.
@MainActor final class FixtureController {
    private var observation: DefaultsObservation?
    private var cancellables: Set<AnyCancellable> = []
    private(set) var shown = ""

    // Not isolated: the iOS 17.4 SDK of the Apple compile lacks the runtime entry point an isolated deinit calls,
    // which a class isolated by default (MainActorByDefault) gets. The observation and the subscriptions stop when
    // released, from any thread.
    nonisolated deinit {}

    func start() {
        observation = Defaults.observe(.mode) { [weak self] mode in self?.shown = mode.title }
        Defaults.publisher(for: .volume)
            .receive(on: DispatchQueue.main)
            .sink { [weak self] volume in self?.shown = "\(volume)" }
            .store(in: &cancellables)
    }
}
#endif
