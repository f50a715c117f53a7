import Foundation

/// Each worker's progress: how many operations it finished and which one it is in.
final class Progress: @unchecked Sendable {
    private let lock = NSLock()
    private var operations = 0
    private var current = "starting"
    private var since = Date()

    func begin(_ operation: String) {
        lock.lock()
        current = operation
        since = Date()
        lock.unlock()
    }

    func end() {
        lock.lock()
        operations += 1
        since = Date()
        lock.unlock()
    }

    var state: (operations: Int, current: String, idle: TimeInterval) {
        lock.lock()
        defer { lock.unlock() }
        return (operations, current, Date().timeIntervalSince(since))
    }
}

/// Declares a hang when a worker has made no progress for `limit` seconds: prints each worker's last operation,
/// and the backtraces of every thread where gdb is installed, then ends the process with status 2.
func startWatchdog(_ workers: [Progress], limit: TimeInterval = 10, finished: Counter) {
    let thread = Thread {
        while finished.current == 0 {
            Thread.sleep(forTimeInterval: 1)
            let states = workers.map(\.state)
            guard finished.current == 0, states.contains(where: { $0.idle > limit }) else { continue }
            print("soak: HANG: no progress for \(Int(limit)) s")
            for (index, state) in states.enumerated() {
                print("  thread \(index): in \(state.current) for \(String(format: "%.1f", state.idle)) s after \(state.operations) operations")
            }
            printBacktraces()
            print("soak: hangs 1")
            exit(2)
        }
    }
    thread.start()
}

private func printBacktraces() {
    let gdb = ["/usr/bin/gdb", "/usr/local/bin/gdb"].first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let gdb else {
        print("  (no gdb on this machine: no backtraces)")
        return
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: gdb)
    process.arguments = ["-p", "\(ProcessInfo.processInfo.processIdentifier)", "-batch", "-ex", "thread apply all bt 25"]
    try? process.run()
    process.waitUntilExit()
}
