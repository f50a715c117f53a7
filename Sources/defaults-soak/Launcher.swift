import Foundation

/// Runs the soak in a child process with a temporary settings home, forwarding its output and counting the
/// store's repair warnings in its standard error (and its children's, which share it).
func launch(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
        print("usage: defaults-soak [--seconds N (60)] [--threads N (8)] [--seed N]")
        return 0
    }
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("defaults-soak-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }
    process.arguments = ["--run"] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = home.path
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    let counter = WarningCounter()
    errors.fileHandleForReading.readabilityHandler = { handle in
        let data = handle.availableData
        guard !data.isEmpty else { return }
        FileHandle.standardError.write(data)
        counter.add(String(decoding: data, as: UTF8.self))
    }
    do {
        try process.run()
    } catch {
        print("defaults-soak: cannot start the run: \(error)")
        return 1
    }
    process.waitUntilExit()
    errors.fileHandleForReading.readabilityHandler = nil
    counter.add(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    let warnings = counter.count
    print("soak: repair warnings \(warnings)")
    if process.terminationReason == .uncaughtSignal { return 1 }
    if process.terminationStatus != 0 { return process.terminationStatus }
    return warnings == 0 ? 0 : 1
}

/// Counts lines of the store's warnings about suite files.
final class WarningCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = ""
    private var lines = 0

    func add(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        pending += text
        while let newline = pending.firstIndex(of: "\n") {
            let line = pending[..<newline]
            if line.hasPrefix("TypedDefaults:") { lines += 1 }
            pending = String(pending[pending.index(after: newline)...])
        }
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
