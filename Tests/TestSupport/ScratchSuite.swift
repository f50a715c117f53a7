import Foundation
import TypedDefaults

/// A fresh, uniquely named `UserDefaults` suite and a store over it; the suite is removed, file included,
/// when the value is released.
public final class ScratchSuite {
    /// The suite name.
    public let name = "typeddefaults.tests.\(UUID().uuidString)"
    /// The suite.
    public let defaults: UserDefaults
    /// A store over the suite.
    public let store: DefaultsStore

    /// A new, empty suite.
    public init() {
        defaults = UserDefaults(suiteName: name)!
        store = DefaultsStore(defaults)
    }

    deinit {
        // The name is a valid suite name: nothing to refuse.
        try? DefaultsStore.removeSuite(named: name)
    }
}

/// Starts `defaults-probe SUITE write-and-wait VALUE`, waits until it reports the write returned, sleeps
/// `delay` seconds and kills it with SIGKILL. Returns whether the process ended by that signal.
public func writeThenKill(suite: String, value: Int, after delay: TimeInterval) throws -> Bool {
    #if os(macOS) || os(Linux) || os(Windows) || os(FreeBSD) || os(OpenBSD) || os(Android)
    let process = Process()
    process.executableURL = builtProduct("defaults-probe")
    process.arguments = [suite, "write-and-wait", "\(value)"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    // The probe writes within a second; a hung one is killed, and the read-back then fails the test.
    let watchdog = DispatchWorkItem { [process] in if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
    defer { watchdog.cancel() }
    var seen = Data()
    while !String(decoding: seen, as: UTF8.self).contains("written") {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        seen.append(chunk)
    }
    Thread.sleep(forTimeInterval: delay)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return process.terminationReason == .uncaughtSignal
    #else
    throw ProcessesUnavailable()
    #endif
}

/// What `defaults-probe SUITE read` prints: the probe key's value in a new process.
public func readProbeValue(suite: String) throws -> String {
    try runProcess(builtProduct("defaults-probe"), [suite, "read"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// A property-list object as text that is equal exactly when the objects are: dictionaries in key order, each
/// value with its type (an `Int` 1 is not a `Double` 1 nor `true`), optionals unwrapped. For comparing what a
/// suite holds before and after something that must not change it.
public func canonicalText(_ object: Any) -> String {
    let mirror = Mirror(reflecting: object)
    if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first?.value else { return "nil" }
        return canonicalText(wrapped)
    }
    if let dictionary = object as? [String: Any] {
        return "{" + dictionary.keys.sorted().map { "\($0)=\(canonicalText(dictionary[$0]!))" }.joined(separator: ",") + "}"
    }
    if let array = object as? [Any] { return "[" + array.map(canonicalText).joined(separator: ",") + "]" }
    if let date = object as? Date { return "Date(\(date.timeIntervalSinceReferenceDate.bitPattern))" }
    if let double = object as? Double, !(object is Int) { return "\(type(of: object))(\(double.bitPattern))" }
    return "\(type(of: object))(\(object))"
}
