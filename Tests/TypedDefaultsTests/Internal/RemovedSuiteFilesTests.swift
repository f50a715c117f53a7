import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

/// Linux: a removed suite leaves nothing in the settings folder (`$XDG_CONFIG_HOME`, a temporary folder in tests):
/// no property list, no last whole copy, no lock file, even after later saves, which lock every suite the process
/// opened by name. The lock files are deleted under the protocol `SharedSuiteFile` describes.
#if os(Linux)
@Suite(.serialized) struct RemovedSuiteFilesTests {
    /// The files of the suite `name` in the settings folder.
    func files(of name: String) -> [String] {
        let folder = (SharedSuiteFile.path(ofSuiteNamed: name) as NSString).deletingLastPathComponent
        let all = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return all.filter { $0.hasPrefix(name + ".plist") }.sorted()
    }

    /// Whether the suite `name` has no file left, waiting (at most 5 s) for saves running on other threads: every
    /// save locks, and so opens, the lock file of every suite this process opened by name, until it ends. After a
    /// second, a save of its own: other tests call `synchronize()` directly, which writes every suite Foundation
    /// holds as changed with no lock (the hazard `SharedSuiteFile` describes); a lock file kept for a suite file
    /// that such a save then deleted goes at the next save of the stores.
    func leavesNoFile(_ name: String) -> Bool {
        let start = Date()
        while !files(of: name).isEmpty, Date().timeIntervalSince(start) < 5 {
            usleep(5_000)
            if Date().timeIntervalSince(start) > 1 { SharedSuiteFiles.synchronizeAll() }
        }
        return files(of: name).isEmpty
    }

    @Test func aRemovedSuiteLeavesNoFileAfterLaterSavesEither() throws {
        let name = "typeddefaults.tests.leaves-nothing.\(UUID().uuidString)"
        let other = "typeddefaults.tests.leaves-nothing.other.\(UUID().uuidString)"
        defer { try? DefaultsStore.removeSuite(named: other) }
        let store = DefaultsStore.suite(name)
        let key = DefaultsKey<Int>("count", default: 0)
        store[key] = 1
        DefaultsStore.flush()
        #expect(files(of: name).contains(name + ".plist.lock"))
        try DefaultsStore.removeSuite(named: name)
        #expect(leavesNoFile(name), "\(files(of: name))")
        // A save of another suite locks this one too (this process opened it by name): it leaves no lock file.
        DefaultsStore.suite(other)[key] = 2
        DefaultsStore.flush()
        #expect(leavesNoFile(name), "\(files(of: name))")
        // Written again, the suite is back; removed again, gone again.
        store[key] = 3
        DefaultsStore.flush()
        #expect(files(of: name).contains(name + ".plist"))
        try DefaultsStore.removeSuite(named: name)
        #expect(leavesNoFile(name), "\(files(of: name))")
        #expect(store[key] == 0)
    }

    /// Foundation deletes a suite's file when its last value is removed: its copy and lock file go at the next
    /// save too (a stale copy must not "repair" a new file with the old values).
    @Test func aSuiteEmptiedValueByValueLeavesNoFile() throws {
        let name = "typeddefaults.tests.leaves-nothing.\(UUID().uuidString)"
        let store = DefaultsStore.suite(name)
        let key = DefaultsKey<Int>("count", default: 0)
        store[key] = 1
        DefaultsStore.flush()
        store[key] = 2
        DefaultsStore.flush()
        #expect(files(of: name) == [name + ".plist", name + ".plist.backup", name + ".plist.lock"])
        store.remove(key)
        DefaultsStore.flush()
        #expect(leavesNoFile(name), "\(files(of: name))")
    }

    @Test func aSuiteOnlyAnotherProcessOpenedLeavesNoFile() throws {
        let name = "typeddefaults.tests.leaves-nothing.\(UUID().uuidString)"
        let result = try runProcess(builtProduct("defaults-probe"), [name, "write-keys", "k", "3"], timeout: 120)
        #expect(result.status == 0, "\(result.output)")
        #expect(files(of: name).contains(name + ".plist.lock"))
        try DefaultsStore.removeSuite(named: name)
        #expect(leavesNoFile(name), "\(files(of: name))")
    }

    /// A suite removed by another process is seen gone here (its file watch reloads it), and no file is left
    /// once this process has seen it: saves lock a suite without a file only until they have seen it so.
    @Test func aRemovalByAnotherProcessIsSeenAndLeavesNoFile() throws {
        let name = "typeddefaults.tests.leaves-nothing.\(UUID().uuidString)"
        let store = DefaultsStore.suite(name)
        let key = DefaultsKey<Int>("count", default: 0)
        store[key] = 5
        DefaultsStore.flush()
        let result = try runProcess(builtProduct("defaults-probe"), [name, "remove"], timeout: 120)
        #expect(result.status == 0, "\(result.output)")
        let deadline = Date().addingTimeInterval(5)
        while store[key] != 0, Date() < deadline { usleep(20_000) }
        #expect(store[key] == 0)
        #expect(leavesNoFile(name), "\(files(of: name))")
    }

    /// The race the protocol closes: a process waits for the lock while the holder deletes the lock file. Two
    /// descriptors of one file lock each other like two processes (`flock` locks open files), so threads stand in.
    @Test func aLockAwaitedWhileItsFileIsDeletedIsTakenOnTheNewFile() throws {
        let path = SharedSuiteFile.path(ofSuiteNamed: "typeddefaults.tests.lock.\(UUID().uuidString)")
        let held = SharedSuiteFile.lockFile(ofSuiteFile: path)
        try #require(held >= 0)
        let taken = LockedState<Int32>(-1)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let descriptor = SharedSuiteFile.lockFile(ofSuiteFile: path)
            taken.withLock { $0 = descriptor }
            done.signal()
        }
        // Long enough for the waiter to open the file and wait for its lock.
        usleep(200_000)
        #expect(taken.withLock { $0 } == -1, "the lock was not held")
        // No suite file: the lock file is deleted, then released.
        SharedSuiteFile.unlockFile(held, ofSuiteFile: path)
        #expect(done.wait(timeout: .now() + 10) == .success)
        let descriptor = taken.withLock { $0 }
        #expect(descriptor >= 0)
        #expect(SharedSuiteFile.isFile(descriptor, at: path + ".lock"), "the waiter locked the deleted file")
        SharedSuiteFile.unlockFile(descriptor, ofSuiteFile: path)
        #expect(!FileManager.default.fileExists(atPath: path + ".lock"))
    }

    /// Two processes write, each saving after every write, while a third removes the suite and makes it again 200
    /// times. A lock on a deleted lock file would let two saves overlap, and one would write over the other's key:
    /// each writer's keys that survive must be one unbroken run, ending with its last write (made after the
    /// removals), and no file is found broken. After the last removal nothing is left.
    @Test func writersKeepTheirWritesWhileAnotherProcessRemovesAndRecreatesTheSuite() throws {
        let suite = "typeddefaults.tests.remove-recreate.\(UUID().uuidString)"
        let stop = NSTemporaryDirectory() + "typeddefaults-stop-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: stop) }
        let outputs = [Pipe(), Pipe()]
        let writers = try (0..<2).map { index in
            let process = Process()
            process.executableURL = builtProduct("defaults-probe")
            process.arguments = [suite, "write-until", "w\(index)k", stop]
            process.standardOutput = outputs[index]
            process.standardError = outputs[index]
            try process.run()
            return process
        }
        for output in outputs { _ = output.fileHandleForReading.availableData }  // "started"
        let remover = try runProcess(builtProduct("defaults-probe"), [suite, "remove-and-recreate", "200"], timeout: 300)
        #expect(remover.status == 0, "\(remover.output)")
        #expect(FileManager.default.createFile(atPath: stop, contents: Data()))
        let printed = outputs.map { String(decoding: $0.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        for writer in writers { writer.waitUntilExit() }
        let data = try #require(FileManager.default.contents(atPath: SharedSuiteFile.path(ofSuiteNamed: suite)))
        let values = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(values["recreated"] as? Int == 199)
        for (index, output) in printed.enumerated() {
            #expect(!output.contains("did not read as a property list"), "\(output)")
            let count = try #require(output.split(separator: "\n").last.flatMap { Int($0) }, "\(output)")
            let kept = (0..<count).filter { values["w\(index)k\($0)"] as? Int == $0 }
            #expect(kept.last == count - 1 && kept.count >= 20, "writer \(index): kept \(kept.count) of \(count)")
            #expect(kept == Array((kept.first ?? 0)..<count), "writer \(index): a write was lost between \(kept.first ?? 0) and \(count)")
        }
        try DefaultsStore.removeSuite(named: suite)
        #expect(leavesNoFile(suite), "\(files(of: suite))")
    }
}
#endif
