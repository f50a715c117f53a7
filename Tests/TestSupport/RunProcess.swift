import Foundation
import TestEnvironment

/// What a finished child process printed, and how it ended.
public struct ProcessResult: Sendable {
    /// The exit status (or the signal number, when killed).
    public var status: Int32
    /// Standard output and standard error together.
    public var output: String
}

/// The repository root.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Whether this platform can start child processes: not iOS, tvOS, watchOS or visionOS, which have no
/// `Process`. There the helpers below throw ``ProcessesUnavailable``, so every test target still compiles.
#if os(macOS) || os(Linux) || os(Windows) || os(FreeBSD) || os(OpenBSD) || os(Android)
public let processesAvailable = true
#else
public let processesAvailable = false
#endif

/// Thrown by the process helpers where ``processesAvailable`` is `false`.
public struct ProcessesUnavailable: Error {}

/// Runs `executable` with `arguments` and waits for it, at most `timeout` seconds (then it is killed and the
/// result says so, so a hung child fails its test instead of hanging CI); output and errors are captured together.
public func runProcess(_ executable: URL, _ arguments: [String], directory: URL? = nil, environment: [String: String]? = nil,
                       timeout: TimeInterval = 900) throws -> ProcessResult {
    #if os(macOS) || os(Linux) || os(Windows) || os(FreeBSD) || os(OpenBSD) || os(Android)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    // SIGKILL, not terminate(): a child of the test runner may inherit SIGTERM ignored.
    let watchdog = DispatchWorkItem { [process] in if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let timedOut = !watchdog.isCancelled && process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    watchdog.cancel()
    let output = String(decoding: data, as: UTF8.self) + (timedOut ? "\n[killed: still running after \(Int(timeout)) s]" : "")
    return ProcessResult(status: process.terminationStatus, output: output)
    #else
    throw ProcessesUnavailable()
    #endif
}

/// Runs `swift SUBCOMMAND --package-path PACKAGE ARGUMENTS…`.
///
/// The package is named with `--package-path`: SwiftPM otherwise trusts the inherited `PWD` (the repository
/// root, under `swift test`) over the working directory.
public func runSwift(_ subcommand: String, package: URL, _ arguments: [String]) throws -> ProcessResult {
    var environment = ProcessInfo.processInfo.environment
    environment["PWD"] = package.path
    return try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["swift", subcommand, "--package-path", package.path] + arguments,
                          directory: package, environment: environment)
}

/// An executable product of this package (such as `defaults-probe`), found beside the test code that is running.
///
/// The search starts at the file this code was loaded from (`dladdr`): on Linux the test executable
/// `.build/debug/<Package>PackageTests.xctest`, on macOS the binary inside the `.xctest` bundle. Not from
/// `Bundle.main`: on macOS, `swift test` runs Swift Testing inside the toolchain's `swiftpm-testing-helper`, so
/// the main bundle is the helper's.
public func builtProduct(_ name: String) -> URL {
    besideTheTests(name) { FileManager.default.isExecutableFile(atPath: $0.path) && !$0.hasDirectoryPath }
        ?? Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name)
}

/// The resource bundle SwiftPM built for `target` of this package, found beside the test code as
/// ``builtProduct(_:)`` is: `<Package>_<Target>.resources` on Linux, `<Package>_<Target>.bundle` on Apple
/// platforms; `nil` when there is none. (A module's own `Bundle.module` is internal to it.)
public func builtResourceBundle(package: String = "TypedDefaults", target: String) -> URL? {
    for suffix in ["resources", "bundle"] {
        let found = besideTheTests("\(package)_\(target).\(suffix)") { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        if let found { return found }
    }
    return nil
}

/// The first file named `name` that `accept` takes, in the folder of the code that is running or a folder above it.
private func besideTheTests(_ name: String, accept: (URL) -> Bool) -> URL? {
    let starts = [loadedImage()].compactMap { $0 } + [Bundle.main.bundleURL]
    for start in starts {
        var directory = start.deletingLastPathComponent()
        while directory.pathComponents.count > 1 {
            let candidate = directory.appendingPathComponent(name)
            if accept(candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
    }
    return nil
}

/// The executable or library file that holds this code.
private func loadedImage() -> URL? {
    guard let path = typed_defaults_test_image_path() else { return nil }
    return URL(fileURLWithPath: String(cString: path)).resolvingSymlinksInPath()
}

/// Where Foundation keeps the named suite `name` on Linux: in `XDG_CONFIG_HOME`, which the test process points
/// at a temporary folder before any test runs (`TestEnvironment`), so tests never touch real settings.
public func suiteFilePath(_ name: String) -> String {
    let home = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"]
        ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config").path
    return "\(home)/\(name).plist"
}

/// The seed of a random test: `TYPED_DEFAULTS_SEED` when set (`.ci/robustness --seed N`), else `fallback`.
/// Tests print it, so a failure can be replayed.
public func testSeed(fallback: UInt64) -> UInt64 {
    UInt64(ProcessInfo.processInfo.environment["TYPED_DEFAULTS_SEED"] ?? "") ?? fallback
}

/// Whether the long modes of the robustness tests were asked for (`TYPED_DEFAULTS_LONG=1`).
public var isLongMode: Bool { ProcessInfo.processInfo.environment["TYPED_DEFAULTS_LONG"] == "1" }
