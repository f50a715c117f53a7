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
