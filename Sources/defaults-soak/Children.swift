import Foundation
import TypedDefaults

/// `--child-writer SUITE TAG SECONDS`: counts up its own key of the shared suite for SECONDS (saving now and then),
/// then saves and prints `final N`.
func runChildWriter(_ arguments: [String]) -> Int32 {
    guard arguments.count == 3, let seconds = Double(arguments[2]) else { return 64 }
    let store = DefaultsStore.suite(arguments[0])
    let key = SoakKeys.childCounter(arguments[1])
    let deadline = Date().addingTimeInterval(seconds)
    var count = store[key]
    while Date() < deadline {
        store.update(key) { value in
            value += 1
            count = value
        }
        if count % 50 == 0 { DefaultsStore.flush() }
        usleep(200)
    }
    DefaultsStore.flush()
    print("final \(count)")
    return 0
}

/// `--child-reader SUITE TAG…`: prints each tag's counter in the shared suite, as a fresh process reads it.
func runChildReader(_ arguments: [String]) -> Int32 {
    guard let suite = arguments.first else { return 64 }
    let store = DefaultsStore.suite(suite)
    print(arguments.dropFirst().map { "\($0)=\(store[SoakKeys.childCounter($0)])" }.joined(separator: " "))
    return 0
}

/// A child process of this executable, its standard error shared with this one (the launcher counts warnings).
final class Child: @unchecked Sendable {
    let process = Process()
    private let output = Pipe()

    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        }
        process.arguments = arguments
        process.standardOutput = output
        try process.run()
    }

    /// Waits for the child and returns what it printed.
    func finish() -> String {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
