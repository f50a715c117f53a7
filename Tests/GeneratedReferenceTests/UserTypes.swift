import Foundation
import TypedDefaults

/// The user's own Codable type that rich.json names as `Profile?`.
public struct Profile: Codable, Equatable, Sendable, DefaultsSerializable {
    public var name: String
}

/// The user's own RawRepresentable type that rich.json names as `Layout`, with a `swiftDefault`.
public enum Layout: String, Sendable, DefaultsSerializable {
    case standard, compact
}

/// The module's own type that nested.json nests `Preference.Theme` in (not declared by the schema).
public struct Preference: Sendable {}

/// The module's own namespace that nested.json nests the `@objc` enum `Logger.Level` in.
public enum Logger {}

/// The module's own RawRepresentable types that nested.json stores as their raw values ("rawType"): a struct
/// whose `init(rawValue:)` cannot fail, and one whose can.
public struct SearchTag: RawRepresentable, Sendable, Equatable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
}

public struct PriorityCode: RawRepresentable, Sendable, Equatable {
    public let rawValue: Int
    public init?(rawValue: Int) {
        guard rawValue > 0 else { return nil }
        self.rawValue = rawValue
    }
}

/// The app's own conversion of colours an older version archived as data (nested.json's "swiftConvert").
nonisolated enum LegacyColors {
    static func string(fromArchived object: Any) -> String? {
        guard let data = object as? Data, let text = String(data: data, encoding: .utf8), text.hasPrefix("archived:") else { return nil }
        return String(text.dropFirst("archived:".count))
    }
}

/// The app groups that nested.json names at run time (`swiftSuite`), as apps build them from the bundle identifier.
nonisolated enum ReferenceAppGroup {
    static var identifier: String? { "typeddefaults.tests.nested." + ["group", "app"].joined(separator: "-") }
    static let debugIdentifier = "typeddefaults.tests.nested.debug"
}
