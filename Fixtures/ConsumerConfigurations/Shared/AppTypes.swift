import Foundation

// The app's own types that the schema nests enums in ("Preference.Theme", "Logger.Level") and names its run-time
// suite with ("swiftSuite"), declared as an app would: in a MainActor-by-default target, they are main-actor
// isolated, but what the generated keys use from any context is nonisolated.

/// The app's preferences namespace; the schema generates `Theme` inside it.
struct Preference {}

/// The app's logger namespace; the schema generates the `@objc` enum `Level` inside it.
enum Logger {}

/// The app's own conversion of colours an older version archived as data ("swiftConvert"): nonisolated, as the
/// generated migration calls it from any thread.
nonisolated enum LegacyColors {
    static func string(fromArchived object: Any) -> String? {
        guard let data = object as? Data, let text = String(data: data, encoding: .utf8), text.hasPrefix("archived:") else { return nil }
        return String(text.dropFirst("archived:".count))
    }
}

/// The app's own RawRepresentable struct, which the schema stores as its raw value ("rawType": "String"):
/// nonisolated, as the generated conformance is.
nonisolated struct LabelColor: RawRepresentable, Sendable, Equatable {
    let rawValue: String
}

/// The app group, named at run time as apps build it from the bundle identifier.
nonisolated enum FixtureAppGroup {
    static let identifier = ["typeddefaults", "fixture", "configurations", "runtime"].joined(separator: ".")
}
