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
/// writing the result: a merge, but with no lock between the reload and the write (two processes saving at once
/// lose one's changes), a write in place (a process killed while writing leaves a truncated file, read later as
/// empty), and no reload until the next save. Around Foundation's save this adds:
/// - an exclusive advisory lock on a lock file beside the suite's (`flock`: it dies with its process, so a crashed
///   holder blocks no one), held only for the save, never while user code runs;
/// - a copy of the file as it was before the write (`.backup`, written by rename), put back if the write did not
///   finish: the file always holds every save that completed;
/// - a check every ``pollInterval`` of the file's identity (inode, size, modification time) from a background
///   queue, never on the read path: a change made by another process is loaded, under the lock, and the names
///   whose values changed are reported like this process's own writes. Names this process changed and has not
///   saved keep its values (Foundation's merge applies them over the file).
final class SharedSuiteFile: @unchecked Sendable {
    /// How often the file is checked for changes made by other processes.
    static let pollInterval: DispatchTimeInterval = .milliseconds(200)

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
        // The first load happens under the lock, after any repair.
        withFileLock {
            if needsRepair() { repair(fallback: [:]) }
            _ = withFoundationLock { defaults.object(forKey: "") }
            lastSeen.withLock { $0 = FileIdentity(path: path) }
        }
        timer.schedule(deadline: .now() + Self.pollInterval, repeating: Self.pollInterval, leeway: .milliseconds(50))
        timer.setEventHandler { [weak self] in self?.reloadIfChanged() }
        timer.resume()
    }

    deinit {
        timer.cancel()
    }

    /// Where Foundation keeps the suite `name`: `$XDG_CONFIG_HOME/<name>.plist`, or `~/.config/<name>.plist`.
    static func path(ofSuiteNamed name: String) -> String {
        let config = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"]
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config").path
        return "\(config)/\(name).plist"
    }

    // MARK: Saving

    /// Saves this process's changes, merged into the file as it is on disk now; the process then reads the
    /// merged content, and the names other processes changed are reported.
    func save() {
        let changed = withFileLock(synchronizeHoldingTheLock)
        // Reported from another thread: a save runs under `PendingWrites`' saving lock, which a thread inside a
        // suite's `update` closure may be waiting for, and telling that suite waits for its write order.
        guard !changed.isEmpty else { return }
        DispatchQueue.global(qos: .utility).async { self.report(changed) }
    }

    /// Removes the suite's file, under the lock.
    func remove(_ body: () -> Void) {
        withFileLock {
            body()
            lastSeen.withLock { $0 = FileIdentity(path: path) }
        }
    }

    // MARK: Other processes' changes

    /// Loads the file if another process changed it since this one last saved or loaded it.
    func reloadIfChanged() {
        let current = FileIdentity(path: path)
        guard lastSeen.withLock({ $0 != current }) else { return }
        report(withFileLock(synchronizeHoldingTheLock))
    }

    /// Foundation's merge (reload, apply this process's changes, write if there are any, drop its copy if not),
    /// made safe: a repaired file first, a backup around the write, the new content loaded before the lock is
    /// released. Returns the names whose values changed in this process's view: when the file is as this process
    /// last left it (the common case), none, and the suite is not compared name by name.
    private func synchronizeHoldingTheLock() -> [String] {
        let changedElsewhere = lastSeen.withLock { $0 } != FileIdentity(path: path)
        let before = changedElsewhere ? snapshot() : [:]
        if needsRepair() { repair(fallback: changedElsewhere ? before : snapshot()) }
        backUp()
        withFoundationLock {
            _ = defaults.synchronize()
            _ = defaults.object(forKey: "")
        }
        removeBackup()
        lastSeen.withLock { $0 = FileIdentity(path: path) }
        guard changedElsewhere else { return [] }
        let after = snapshot()
        return Set(before.keys).union(after.keys).filter { !storedObjectsEqual(before[$0], after[$0]) }.sorted()
    }

    /// Tells the suite, after the lock is released: its trackers may read and write the suite at once.
    private func report(_ names: [String]) {
        if !names.isEmpty { onChange(names) }
    }

    private func snapshot() -> [String: Any] {
        withFoundationLock { defaults.persistentDomain(forName: name) ?? [:] }
    }

    // MARK: The file

    private var lockPath: String { path + ".lock" }
    private var backupPath: String { path + ".backup" }

    /// Runs `body` holding the exclusive lock on the suite's lock file (waiting for other processes' saves).
    private func withFileLock<Result>(_ body: () -> Result) -> Result {
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(descriptor, LOCK_UN) }
        return body()
    }

    /// Copies the file, if it is whole, to the backup (by rename, so the backup is whole or absent).
    private func backUp() {
        guard let data = FileManager.default.contents(atPath: path), Self.isWhole(data) else { return }
        let temporary = backupPath + ".\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, backupPath) != 0 { unlink(temporary) }
    }

    private func removeBackup() {
        unlink(backupPath)
    }

    /// Whether a save was cut short: the file is not whole, or is missing while a backup is there (a backup
    /// exists only during a save: a removed suite leaves none).
    private func needsRepair() -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return FileManager.default.fileExists(atPath: backupPath) }
        return !Self.isWhole(data)
    }

    /// Puts the backup back over a file that is not whole: a save was cut short (the writer was killed). With no
    /// backup (another program broke the file), writes `fallback`, this process's view, so that no value it
    /// knows is lost. Says so on standard error.
    private func repair(fallback: [String: Any]) {
        if let backup = FileManager.default.contents(atPath: backupPath), Self.isWhole(backup) {
            rename(backupPath, path)
            Self.warn("\(path) was not a whole property list (a save cut short?); restored the copy saved before it")
        } else if !fallback.isEmpty,
                  let rewritten = try? PropertyListSerialization.data(fromPropertyList: fallback, format: .xml, options: 0),
                  FileManager.default.createFile(atPath: path + ".\(getpid())", contents: rewritten) {
            rename(path + ".\(getpid())", path)
            Self.warn("\(path) was not a property list; rewrote it from this process's \(fallback.count) values")
        }
    }

    /// Whether `data` is a whole suite file, cheaply: Foundation writes XML property lists, which end with
    /// `</plist>`, and deletes a suite's file rather than leave it empty, so a write cut short (an empty or
    /// truncated file) or text that is no property list fails; a file that ends well but does not parse is left
    /// to Foundation, which reads it as empty.
    static func isWhole(_ data: Data) -> Bool {
        guard let end = data.lastIndex(where: { !($0 == 0x0A || $0 == 0x0D || $0 == 0x20 || $0 == 0x09) }) else { return false }
        let tail = Data("</plist>".utf8)
        return end + 1 >= tail.count && data[(end + 1 - tail.count)...end] == tail
    }

    private static func warn(_ message: String) {
        FileHandle.standardError.write(Data("TypedDefaults: \(message)\n".utf8))
    }
}

/// The shared files of the named suites this process opened, for the saves (which know `UserDefaults` objects)
/// and `removeSuite(named:)` (which knows names).
enum SharedSuiteFiles {
    private static let files = LockedState<[String: SharedSuiteFile]>([:])

    static func add(_ file: SharedSuiteFile) {
        files.withLock { $0[file.name] = file }
    }

    static func file(named name: String) -> SharedSuiteFile? {
        files.withLock { $0[name] }
    }

    static func file(for defaults: UserDefaults) -> SharedSuiteFile? {
        files.withLock { files in files.values.first { $0.defaults === defaults } }
    }
}

/// What identifies a version of a file without reading it: a rename gives a new inode, a write in place a new
/// size or modification time.
struct FileIdentity: Equatable {
    var inode: UInt64
    var size: Int64
    var modified: Int64

    /// The identity of the file at `path`, or `nil` when there is none.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    }
}
#endif
