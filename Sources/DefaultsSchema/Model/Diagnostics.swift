import DefaultsFormats

/// A 1-based line and column (in UTF-8 bytes, as `swiftc` and `clang` count) in the schema file.
package typealias SchemaLocation = TextLocation

/// A problem found in a schema, with the location of the offending token.
package struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is.
    package enum Severity: String, Sendable {
        /// The schema is invalid; nothing is generated.
        case error
        /// The schema works but is likely a mistake.
        case warning
    }

    /// Error or warning.
    package var severity: Severity
    /// Where the offending token starts.
    package var location: SchemaLocation
    /// What is wrong and how to fix it.
    package var message: String

    /// A diagnostic of `severity` at `location`.
    package init(_ severity: Severity, at location: SchemaLocation, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    /// `line:column: severity: message`.
    package var description: String { "\(location): \(severity.rawValue): \(message)" }

    /// The compiler-style line `path:line:column: severity: message` that Xcode and `swift build` show in place.
    package func formatted(path: String) -> String { "\(path):\(description)" }
}

/// The diagnostics of one run, in the order found.
package struct Diagnostics: Sendable {
    /// All diagnostics, errors and warnings.
    package private(set) var all: [Diagnostic] = []

    /// No diagnostics yet.
    package init() {}

    /// Whether any error was found.
    package var hasErrors: Bool { all.contains { $0.severity == .error } }

    /// The errors only.
    package var errors: [Diagnostic] { all.filter { $0.severity == .error } }

    /// The warnings only.
    package var warnings: [Diagnostic] { all.filter { $0.severity == .warning } }

    mutating func error(_ location: SchemaLocation, _ message: String) { all.append(Diagnostic(.error, at: location, message)) }
    mutating func warning(_ location: SchemaLocation, _ message: String) { all.append(Diagnostic(.warning, at: location, message)) }
}
