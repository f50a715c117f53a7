import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

/// Several processes on one named suite (Linux: Foundation keeps a private copy per process and saves whole
/// files; the stores merge under a lock shared by the processes and watch the file). Child processes are
/// `defaults-probe`; each test uses a suite of its own.
///
/// Linux only: the merge on save, the file lock and the file watch are Linux behaviour (Apple platforms share
/// suites through cfprefsd, and keep no file these tests could read), and `Process` does not exist on iOS.
#if os(Linux)
@Suite(.serialized) struct SeveralProcessesTests {
    let suite = "typeddefaults.tests.processes.\(UUID().uuidString)"

    /// Starts `defaults-probe SUITE arguments…` without waiting for it.
    func start(_ arguments: [String], output: Pipe = Pipe()) throws -> Process {
        let process = Process()
        process.executableURL = builtProduct("defaults-probe")
        process.arguments = [suite] + arguments
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        return process
    }

    /// What the probe printed last (a store that repairs the file says so on standard error first).
    func probe(_ arguments: String...) throws -> String {
        let result = try runProcess(builtProduct("defaults-probe"), [suite] + arguments, timeout: 120)
        #expect(result.status == 0, "\(result.output)")
        return result.output.split(separator: "\n").last.map(String.init) ?? ""
    }

    func waitForAll(_ processes: [Process]) {
        for process in processes { process.waitUntilExit() }
    }

    @Test(arguments: [(3, 200), (8, 60)])
    func concurrentWritersOfDisjointKeysLoseNothing(processes: Int, keysEach: Int) throws {
        defer { try? DefaultsStore.removeSuite(named: suite) }
        for round in 0..<2 {
            let writers = try (0..<processes).map { try start(["write-keys", "r\(round)p\($0)k", "\(keysEach)"]) }
            waitForAll(writers)
            #expect(writers.allSatisfy { $0.terminationStatus == 0 })
            for writer in 0..<processes {
                #expect(try probe("count-keys", "r\(round)p\(writer)k", "\(keysEach)") == "\(keysEach)", "round \(round), writer \(writer)")
            }
        }
    }

    @Test func concurrentWritersOfTheSameKeyEndWithALastWrite() throws {
        defer { try? DefaultsStore.removeSuite(named: suite) }
        let writers = try (0..<4).map { try start(["write-same", "p\($0)", "40"]) }
        waitForAll(writers)
        let final = try probe("read-string", "shared")
        #expect((0..<4).map { "p\($0)-39" }.contains(final), "\(final)")
    }

    @Test func aRunningProcessSeesAndObservesAnotherProcesssWrite() throws {
        defer { try? DefaultsStore.removeSuite(named: suite) }
        let output = Pipe()
        let watcher = try start(["watch", "greeting", "hello"], output: output)
        // Wait until it watches, then write from this process through a store of the suite.
        var text = ""
        while !text.contains("watching") { text += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self) }
        let store = DefaultsStore.suite(suite)
        store[DefaultsKey<String?>("greeting")] = "hello"
        DefaultsStore.flush()
        watcher.waitUntilExit()
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(watcher.terminationStatus == 0)
        let milliseconds = text.split(separator: " ").dropFirst(2).first.flatMap { Int($0) }
        #expect(text.contains("seen after"), "\(text)")
        #expect((milliseconds ?? .max) < 1_000, "\(text)")
    }

    @Test func aRawUserDefaultsWriterInAnotherProcessIsMergedAndSeen() throws {
        defer { try? DefaultsStore.removeSuite(named: suite) }
        let store = DefaultsStore.suite(suite)
        let mine = DefaultsKey<Int>("mine", default: 0)
        store[mine] = 1
        DefaultsStore.flush()
        _ = try probe("raw-write", "theirs", "raw")
        let start = Date()
        while store[DefaultsKey<String?>("theirs")] == nil, Date().timeIntervalSince(start) < 3 { usleep(20_000) }
        #expect(store[DefaultsKey<String?>("theirs")] == "raw")
        // Foundation merged the raw writer's name into the file: this process's value is still there.
        #expect(try probe("count-keys", "mine", "0") == "0")
        #expect(try probe("read-string", "theirs") == "raw")
        #expect(store[mine] == 1)
    }

    @Test func removingTheSuiteWhileAnotherProcessWritesLeavesAReadableFile() throws {
        defer { try? DefaultsStore.removeSuite(named: suite) }
        let writer = try start(["write-keys", "w", "150"])
        usleep(150_000)
        try DefaultsStore.removeSuite(named: suite)
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        // The file is whole, and holds what the writer saved after the removal (how much of what it wrote before
        // is gone with the suite depends on whether it had saved it yet).
        let path = suiteFilePath(suite)
        let data = try #require(FileManager.default.contents(atPath: path))
        let values = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(values["w149"] as? Int == 149)
    }

    @Test func aWriterKilledWhileSavingLeavesAReadableFileAndOthersGoOn() throws {
        defer { try? DefaultsStore.removeSuite(named: suite) }
        let other = try start(["write-keys", "calm", "150"])
        for round in 0..<4 {
            let output = Pipe()
            let victim = try start(["save-forever", "v\(round)k"], output: output)
            _ = output.fileHandleForReading.availableData  // "started"
            usleep(useconds_t(20_000 + round * 37_000))
            kill(victim.processIdentifier, SIGKILL)
            victim.waitUntilExit()
        }
        waitForAll([other])
        let path = suiteFilePath(suite)
        // Foundation writes the file in place on Linux: a writer killed mid-write leaves it cut short until the
        // next store opens or saves the suite and puts back the copy saved before the write. Through a store,
        // every completed save is there; after it, the file is whole again.
        #expect(try probe("count-keys", "calm", "150") == "150")
        let data = try #require(FileManager.default.contents(atPath: path))
        #expect((try? PropertyListSerialization.propertyList(from: data, format: nil)) is [String: Any])
    }

    @Test func aFileRewrittenByAnotherProgramIsReadAndACorruptedOneLosesNoKnownValue() throws {
        defer { try? DefaultsStore.removeSuite(named: suite) }
        let store = DefaultsStore.suite(suite)
        let kept = DefaultsKey<Int>("kept", default: 0)
        let edited = DefaultsKey<String?>("edited")
        store[kept] = 7
        DefaultsStore.flush()
        let path = suiteFilePath(suite)
        // Another program rewrites it (as `plutil` or a text editor would): seen within a second.
        let rewritten = try PropertyListSerialization.data(fromPropertyList: ["kept": 7, "edited": "by hand"], format: .xml, options: 0)
        try rewritten.write(to: URL(fileURLWithPath: path))
        let start = Date()
        while store[edited] == nil, Date().timeIntervalSince(start) < 3 { usleep(20_000) }
        #expect(store[edited] == "by hand")
        // Corrupted: the next save rewrites the file from this process's values.
        try Data("not a property list".utf8).write(to: URL(fileURLWithPath: path))
        store[DefaultsKey<Int>("after", default: 0)] = 1
        DefaultsStore.flush()
        #expect(try probe("count-keys", "after", "0") == "0")
        #expect(try probe("read-string", "edited") == "by hand")
    }

    /// Any `synchronize()` on Linux writes every suite the process changed, named ones included: a save of the
    /// standard suite used to write this suite's file with no lock, and a store reading it meanwhile found it cut
    /// short and "repaired" it from its own stale view, losing the other process's saves. Another process saves
    /// this suite over and over while this one writes, saves the standard suite and reads; nothing is repaired and
    /// nothing is lost.
    @Test func anotherProcessSavingWhileThisOneSavesAndReadsLosesNothing() throws {
        defer { try? DefaultsStore.removeSuite(named: suite) }
        let store = DefaultsStore.suite(suite)
        let repairsBefore = SharedSuiteFile.repairs.load()
        let writer = try start(["write-keys", "theirs", "600"])
        let standardKey = DefaultsKey<Int>("typeddefaults.tests.processes.standard", default: 0)
        defer { DefaultsStore.standard.remove(standardKey) }
        // One thread writes this suite, another the standard suite; both save as they go.
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for round in 0..<600 {
                if thread == 0 {
                    store[DefaultsKey<Int>("mine\(round)", default: -1)] = round
                    _ = store[DefaultsKey<Int>("theirs\(round / 2)", default: -1)]
                } else {
                    Defaults[standardKey] = round
                }
                DefaultsStore.flush()
                usleep(500)
            }
        }
        DefaultsStore.flush()
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        #expect(SharedSuiteFile.repairs.load() == repairsBefore, "a whole file was taken for a broken one")
        // Theirs, seen here through the file watch; mine, from a fresh process.
        let deadline = Date().addingTimeInterval(5)
        func theirs() -> Int { (0..<600).filter { store[DefaultsKey<Int>("theirs\($0)", default: -1)] == $0 }.count }
        while theirs() < 600, Date() < deadline { usleep(20_000) }
        #expect(theirs() == 600)
        #expect(try probe("count-keys", "mine", "600") == "600")
        #expect(try probe("count-keys", "theirs", "600") == "600")
    }

    /// Two saves can leave a file of the same size, inode and modification time (the clock ticks in milliseconds
    /// on many file systems): the save counter in the lock file tells them apart.
    @Test func aSaveThatKeepsSizeAndModificationTimeIsStillSeen() throws {
        defer { try? DefaultsStore.removeSuite(named: suite) }
        let store = DefaultsStore.suite(suite)
        let key = DefaultsKey<String?>("shared")
        store[key] = "p0-0"
        DefaultsStore.flush()
        let path = suiteFilePath(suite)
        var before = stat()
        #expect(stat(path, &before) == 0)
        // Another process saves a value of the same length; then the file's time is set back, as if both saves had
        // fallen in one tick of the file system's clock.
        _ = try probe("write-same", "p1", "1")
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        var after = stat()
        #expect(stat(path, &after) == 0)
        #expect(after.st_size == before.st_size && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        let deadline = Date().addingTimeInterval(3)
        while store[key] != "p1-0", Date() < deadline { usleep(20_000) }
        #expect(store[key] == "p1-0")
    }
}
#endif
