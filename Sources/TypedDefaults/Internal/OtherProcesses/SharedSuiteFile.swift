#if !canImport(ObjectiveC)
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A named suite's property-list file on Linux, shared by every process that opens the suite.
///
/// swift-corelibs-foundation saves a suite by reloading its file, applying this process's changed names and
/// writing the result in place, with no lock between the reload and the write; and **any** `synchronize()` of a
/// process writes **every** suite that process changed, not only the one it is called on. Around Foundation's save
/// the stores add (``SharedSuiteFiles/synchronizeAll(also:)``):
/// - an exclusive advisory lock (`flock`: it dies with its process) on a lock file beside **each** suite file the
///   process opened by name that the save may write (it exists, or a store wrote it), all taken, in one order,
///   for every save: no process's save can write a file another process is reading or saving;
/// - a copy of each file as it last was whole (`.backup`, written by rename, before and after each save), put back
///   when a file no longer reads as a property list (a writer killed mid-write, or another program): never this
///   process's own, possibly stale, view of the suite;
/// - a save counter in the lock file, bumped by each save that changed the file, which, with the file's inode, size
///   and modification time, tells a watcher every save (size and modification time alone can repeat);
/// - a check every ``pollInterval`` of that identity, from a background queue, never on the read path: a change
///   made by another process is loaded (through the same locked save) and the names whose values changed are
///   reported like this process's own writes.
///
/// A lock file (and the copy) lives only as long as its suite file, so that a removed suite (or one Foundation
/// deleted when its last value was removed) leaves nothing in the folder, and no stale copy. Deleting a file that
/// other processes lock is the classic race: a process that opened it, or waits for its lock, would lock a file no
/// longer at the path, while the next opener creates and locks a new one. The protocol:
/// - **lock** (``lockFile(ofSuiteFile:locked:)``): open (creating) `<suite>.plist.lock`, wait for `flock`, then
///   compare the locked file's device and inode with the file now at the path; if the path is gone or names
///   another file, close (releasing) and start again;
/// - **delete** (``unlockFile(_:ofSuiteFile:)``): only while holding the lock so checked, and only when the suite
///   file does not exist, unlink the copy and the lock file, then release. No other process holds a checked lock
///   on it then, and every process that waits for it finds it gone once it gets it, and locks the new file.
/// A new lock file's save counter starts at the wall clock, not 0, so that a suite removed and made again never
/// repeats an identity a watcher saw before. (Versions without the check, running at once, could lock a deleted
/// file: every process on a machine should use this protocol or none of it.)
final class SharedSuiteFile: @unchecked Sendable {
    static let pollInterval: DispatchTimeInterval = .milliseconds(200)

    /// For tests.
    static let repairs = AtomicWord()

    let name: String
    let path: String
    let defaults: UserDefaults
    private let onChange: @Sendable ([String]) -> Void
    /// The identity of the file as this process last saved or loaded it.
    private let lastSeen = LockedState<FileIdentity?>(nil)
    private let timer: DispatchSourceTimer

    init(name: String, defaults: UserDefaults, onChange: @escaping @Sendable ([String]) -> Void) {
        self.name = name
        self.path = Self.path(ofSuiteNamed: name)
        self.defaults = defaults
        self.onChange = onChange
        timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        // The first load happens under the lock, after any repair: no save of another process is half done.
        withFileLock {
            repairIfBroken()
            _ = withFoundationLock(for: defaults) { defaults.object(forKey: "") }
            keepWholeCopy()
            lastSeen.withLock { $0 = identity() }
        }
        timer.schedule(deadline: .now() + Self.pollInterval, repeating: Self.pollInterval, leeway: .milliseconds(50))
        timer.setEventHandler { [weak self] in self?.reloadIfChanged() }
        timer.resume()
    }

    deinit {
        timer.cancel()
    }

    /// Where Foundation keeps the suite `name`.
    static func path(ofSuiteNamed name: String) -> String {
        let config = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"]
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config").path
        return "\(config)/\(name).plist"
    }

    var lockPath: String { path + ".lock" }
    var backupPath: String { path + ".backup" }

    // MARK: Other processes' changes

    func reloadIfChanged() {
        guard lastSeen.withLock({ $0 }) != identity() else { return }
        SharedSuiteFiles.synchronizeAll()
    }

    /// From another thread than the save's: the suite's trackers may read and write the suite at once, and a save
    /// may run where a thread waits for the write order.
    func report(_ names: [String]) {
        guard !names.isEmpty else { return }
        let onChange = self.onChange
        DispatchQueue.global(qos: .utility).async { onChange(names) }
    }

    // MARK: One save, under every file's lock (SharedSuiteFiles.synchronizeAll)

    /// What a save must know of this file before Foundation writes: whether another process saved it since this
    /// one last saw it, and then what this process held (to report what changed).
    struct BeforeSave {
        /// The file before Foundation's save, without the counter: whether the save wrote it.
        let file: FileIdentity?
        let changedElsewhere: Bool
        let before: [String: Any]
    }

    /// Under the lock, before Foundation's save: a broken file is repaired, a whole one copied.
    func prepareSave() -> BeforeSave {
        repairIfBroken()
        let changedElsewhere = lastSeen.withLock { $0 } != identity()
        // A store that saved it kept its copy then; a program that keeps none did not.
        if changedElsewhere { keepWholeCopy() }
        return BeforeSave(file: FileIdentity(path: path, generation: 0), changedElsewhere: changedElsewhere,
                          before: changedElsewhere ? snapshot() : [:])
    }

    /// Under the lock, after Foundation's save: counts the save if the file changed, keeps the new whole copy, and
    /// returns the names whose values changed in this process's view (none, without comparing, when the file was
    /// as this process last left it: the common case).
    func finishSave(_ prepared: BeforeSave) -> [String] {
        _ = withFoundationLock(for: defaults) { defaults.object(forKey: "") }
        if FileIdentity(path: path, generation: 0) != prepared.file {
            bumpGeneration()
            keepWholeCopy()
        }
        lastSeen.withLock { $0 = identity() }
        guard prepared.changedElsewhere else { return [] }
        let after = snapshot()
        let before = prepared.before
        return Set(before.keys).union(after.keys).filter { !storedObjectsEqual(before[$0], after[$0]) }.sorted()
    }

    /// Whether a save must lock this file though no store wrote it: it exists, or this process last saw it exist
    /// (the save then sees it gone: another process removed the suite).
    var isOnDisk: Bool {
        access(path, F_OK) == 0 || lastSeen.withLock { $0 } != nil
    }

    /// After the suite was removed (its file and copy deleted), under the lock: seen as gone, so that this
    /// process's watch does not load it again; the lock file goes as the lock is released.
    func didRemove() {
        lastSeen.withLock { $0 = identity() }
    }

    private func snapshot() -> [String: Any] {
        withFoundationLock(for: defaults) { defaults.persistentDomain(forName: name) ?? [:] }
    }

    // MARK: The file

    private func identity() -> FileIdentity? {
        FileIdentity(path: path, generation: readGeneration())
    }

    /// Waits for other processes' saves.
    func withFileLock<Result>(_ body: () -> Result) -> Result {
        let descriptor = Self.lockFile(ofSuiteFile: path)
        defer { Self.unlockFile(descriptor, ofSuiteFile: path) }
        return body()
    }

    /// With `locked`, waits for the exclusive lock of the file that is at the path once locked (the protocol
    /// above); -1 if it cannot be opened or locked. Without `locked`: only while holding the lock.
    static func lockFile(ofSuiteFile path: String, locked: Bool = true) -> Int32 {
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let lockPath = path + ".lock"
        while true {
            let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard locked, descriptor >= 0 else { return descriptor }
            var result: Int32
            repeat { result = flock(descriptor, LOCK_EX) } while result != 0 && errno == EINTR
            guard result == 0 else {
                close(descriptor)
                return -1
            }
            if isFile(descriptor, at: lockPath) { return descriptor }
            // Deleted by the process that held it while this one waited: lock the one at the path now.
            close(descriptor)
        }
    }

    /// Deletes the copy and the lock file first when the suite file does not exist (the protocol above: safe only
    /// while holding the checked lock). A copy of a file that is gone is stale: it must not "repair" a new file.
    static func unlockFile(_ descriptor: Int32, ofSuiteFile path: String) {
        guard descriptor >= 0 else { return }
        if access(path, F_OK) != 0 && errno == ENOENT {
            unlink(path + ".backup")
            unlink(path + ".lock")
        }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    static func isFile(_ descriptor: Int32, at path: String) -> Bool {
        var opened = stat(), named = stat()
        guard fstat(descriptor, &opened) == 0, stat(path, &named) == 0 else { return false }
        return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }

    /// The save counter in the lock file.
    private func readGeneration() -> UInt64 {
        let descriptor = open(lockPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var value: UInt64 = 0
        return pread(descriptor, &value, 8, 0) == 8 ? value : 0
    }

    /// Under the lock. Starts at the wall clock (the protocol above).
    private func bumpGeneration() {
        let descriptor = Self.lockFile(ofSuiteFile: path, locked: false)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var value: UInt64 = 0
        if pread(descriptor, &value, 8, 0) != 8 {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            value = UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
        }
        value &+= 1
        _ = pwrite(descriptor, &value, 8, 0)
    }

    /// By rename, so that the backup is whole or absent.
    private func keepWholeCopy() {
        guard let data = FileManager.default.contents(atPath: path), Self.isWhole(data) else { return }
        let temporary = backupPath + ".\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, backupPath) != 0 { unlink(temporary) }
    }

    /// Puts the last whole copy back over a file that does not read as a property list (read again first: a program
    /// that takes no lock may be writing it). With no copy, the file is left to Foundation's merge, which reads it as
    /// empty and applies this process's own changes: nothing another process saved is overwritten with an older view.
    private func repairIfBroken() {
        for attempt in 0..<5 {
            guard let data = FileManager.default.contents(atPath: path), !Self.isWhole(data) else { return }
            if attempt < 4 { usleep(10_000) }
        }
        Self.repairs.add(1)
        if let backup = FileManager.default.contents(atPath: backupPath), Self.isWhole(backup) {
            rename(backupPath, path)
            Self.warn("\(path) did not read as a property list (a save cut short, or another program); restored the last whole copy")
        } else {
            Self.warn("\(path) did not read as a property list and no whole copy of it exists; its values are lost, this process's unsaved changes are kept")
        }
    }

    /// Foundation writes XML, checked cheaply by its closing tag, which a write cut short loses; other programs may
    /// write binary property lists, which are parsed.
    static func isWhole(_ data: Data) -> Bool {
        if let end = data.lastIndex(where: { !($0 == 0x0A || $0 == 0x0D || $0 == 0x20 || $0 == 0x09) }) {
            let tail = Data("</plist>".utf8)
            if end + 1 >= tail.count, data[(end + 1 - tail.count)...end] == tail { return true }
        }
        return !data.isEmpty && (try? PropertyListSerialization.propertyList(from: data, format: nil)) is [String: Any]
    }

    private static func warn(_ message: String) {
        FileHandle.standardError.write(Data("TypedDefaults: \(message)\n".utf8))
    }
}

/// The shared files of the named suites this process opened, and the one way the stores save on Linux.
enum SharedSuiteFiles {
    private static let files = LockedState<[String: SharedSuiteFile]>([:])
    /// One save at a time in the process (the file locks order saves between processes).
    private static let saving = LockedState(())

    static func add(_ file: SharedSuiteFile) {
        files.withLock { $0[file.name] = file }
    }

    static func file(named name: String) -> SharedSuiteFile? {
        files.withLock { $0[name] }
    }

    /// Saves every suite this process changed (`synchronize()` writes them all, whichever object it is called on)
    /// holding the lock of every shared file the save may write (``whileAllLocked(alsoNamed:writing:_:)``), then
    /// reports to each suite the names other processes changed. `others`: the objects the stores wrote since the
    /// last save.
    static func synchronizeAll(also others: [UserDefaults] = []) {
        let reports = whileAllLocked(writing: others) { files -> [(SharedSuiteFile, [String])] in
            let prepared = files.map { $0.prepareSave() }
            for defaults in files.map(\.defaults) + others {
                _ = withFoundationLock(for: defaults) { defaults.synchronize() }
            }
            return zip(files, prepared).map { file, prepared in (file, file.finishSave(prepared)) }
        }
        for (file, names) in reports { file.report(names) }
    }

    /// Runs `body` holding the locks of the shared files a save may write, and those of the suites `alsoNamed` (a
    /// removal, of a suite this process may never have opened), in path order (so two processes never wait for each
    /// other), with the process's save order; `body` gets the shared files locked.
    ///
    /// A save may write every suite whose file exists (Foundation reloads and rewrites it) and every suite the
    /// stores wrote (`writing`), and must see a file this process saw before gone: a suite without a file that no
    /// store wrote, and that this process has seen without one, is left out, so that it gets no lock file (each
    /// save that locks a suite without a file makes and deletes one, which slowed every save for every removed
    /// suite). A written object this process opened by no name may be any suite's: then every file is locked. A
    /// write made with `UserDefaults` alone to a suite that has no file yet is saved without its lock the first
    /// time (the stores do not see such writes).
    static func whileAllLocked<Result>(alsoNamed others: [String] = [], writing written: [UserDefaults] = [],
                                       _ body: ([SharedSuiteFile]) -> Result) -> Result {
        saving.whileLocked {
            let registered = files.withLock { $0.values.sorted { $0.path < $1.path } }
            let writtenObjects = Set(written.lazy.filter { $0 !== UserDefaults.standard }.map(ObjectIdentifier.init))
            let unknownWriter = !writtenObjects.isSubset(of: registered.map { ObjectIdentifier($0.defaults) })
            let all = registered.filter { file in
                unknownWriter || others.contains(file.name) || writtenObjects.contains(ObjectIdentifier(file.defaults))
                    || file.isOnDisk
            }
            let paths = Set(all.map(\.path) + others.map(SharedSuiteFile.path(ofSuiteNamed:))).sorted()
            let descriptors = paths.map { SharedSuiteFile.lockFile(ofSuiteFile: $0) }
            defer {
                // A suite removed, or never saved, loses its lock file here.
                for (path, descriptor) in zip(paths, descriptors).reversed() {
                    SharedSuiteFile.unlockFile(descriptor, ofSuiteFile: path)
                }
            }
            return body(all)
        }
    }
}

/// What identifies a version of a file without reading it: a save counter kept by the stores (size and
/// modification time can repeat across two quick saves, and an inode can be reused), then a rename's new inode and
/// a write's new size or modification time, for programs that keep no counter.
struct FileIdentity: Equatable {
    var generation: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64

    init?(path: String, generation: UInt64) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.generation = generation
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    }

}
#endif
