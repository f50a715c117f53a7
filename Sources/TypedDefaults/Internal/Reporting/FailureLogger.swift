#if canImport(os)
import os
#endif

/// Where ``FailureLog`` sends what it records: `Logger` at the error level on Apple platforms, so it shows in
/// Console and is kept in the system log. Elsewhere nothing: Linux has no system log a library should write to,
/// and the failures stay readable through `DefaultsStore.failures(for:)`.
enum FailureLogger {
    static func log(_ failure: DefaultsFailure) {
        #if canImport(os)
        // Made for each failure (they are rare), not kept in a static: `Logger` is not `Sendable` in the iOS 17 SDK.
        let logger = Logger(subsystem: "TypedDefaults", category: "failures")
        // Public: the app's own key names and values' types, which a developer reading a user's sysdiagnose needs.
        // Stored values themselves are never logged.
        logger.error("\(failure.description, privacy: .public)")
        #endif
    }
}
