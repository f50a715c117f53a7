import Foundation
import TestSupport
import TypedDefaults

/// A fresh suite per test, removed afterwards.
typealias FreshSuite = ScratchSuite

/// A String-backed enum stored as its raw value.
enum Theme: String, CaseIterable, DefaultsSerializable {
    case light, dark, system
}

/// An Int-backed enum stored as its raw value.
enum Priority: Int, DefaultsSerializable {
    case low = 1, high = 9
}

/// A String enum that is also Codable: must be stored as its raw value, with no ambiguity.
enum Mode: String, Codable, DefaultsSerializable {
    case fast, careful
}

/// A Codable struct of several field kinds, stored as a property-list tree.
struct Profile: Codable, Equatable, DefaultsSerializable {
    var name: String
    var age: Int
    var ratio: Double
    var tags: [String]
    var nickname: String?
    var joined: Date
    var homepage: URL
    var mode: Mode
    var nested: [String: [Int]]
}

extension Profile {
    static let sample = Profile(
        name: "Zoë \u{1F600}", age: 42, ratio: 0.25, tags: ["a", "b"], nickname: nil,
        joined: Date(timeIntervalSince1970: 1_700_000_000), homepage: URL(string: "https://example.com/x?y=1")!,
        mode: .careful, nested: ["odd": [1, 3], "even": []]
    )
}

/// Runs the test-support executable `defaults-probe` and returns its standard output.
func runProbe(_ arguments: [String]) throws -> String {
    try runProcess(probeURL, arguments).output.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// The probe lies beside the test bundle in the build products directory.
let probeURL = builtProduct("defaults-probe")
