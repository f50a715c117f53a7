import Foundation
import TypedDefaults
import TypedDefaultsTestDoubles
import TypedDefaultsSync

/// 9. What iCloud sync adds to a write: of a synced key (stamped and queued for the push) and of an unsynced key (nothing, the target ≈ 0), against the same write with no sync running; then the
/// cost of a push, which runs later on another thread.
func benchmarkSync(repetitions: Int, iterations: Int) -> Bool {
    let table = Table("9. iCloud sync: cost added to a write (ns per write, median of \(repetitions))",
                      columns: ["store", "write of", "sync running", "no sync", "added", "note"])
    let synced = (0..<20).map { DefaultsKey<Int>("synced.\($0)", default: 0, iCloud: true) }
    let unsynced = DefaultsKey<Int>("unsynced", default: 0)
    let keys: [DefaultsKeys] = synced + [unsynced]
    var unsyncedAdded: [Double] = []

    let suiteName = "typeddefaults.bench.sync.\(ProcessInfo.processInfo.processIdentifier)"
    let suites: [(String, DefaultsStore, DefaultsStore)] = [
        ("in memory", .inMemory(), .inMemory()),
        ("UserDefaults suite", DefaultsStore.suite(suiteName), DefaultsStore.suite(suiteName + ".plain")),
    ]
    defer {
        try? DefaultsStore.removeSuite(named: suiteName)
        try? DefaultsStore.removeSuite(named: suiteName + ".plain")
    }
    for (label, syncedStore, plainStore) in suites {
        let account = InMemoryCloudAccount()
        // Pushes only when asked: the figures are the write path's own (a push runs later, on another thread).
        let sync = DefaultsSync(keys: keys, store: syncedStore, cloud: account.makeDevice(), pushDelay: nil).start()
        account.deliverAll()
        for key in synced { syncedStore[key] = 1; plainStore[key] = 1 }
        sync.push()
        var value = 0
        let syncedWrite = compare(repetitions: repetitions, iterations: iterations, {
            value &+= 1
            syncedStore[synced[3]] = value
        }, {
            value &+= 1
            plainStore[synced[3]] = value
        })
        table.row(label, "synced key", format(syncedWrite.first), format(syncedWrite.second), format(syncedWrite.first - syncedWrite.second),
                  "stamped and queued; stamps are saved with the push")
        // The same store with the sync running and stopped, in alternating repetitions: nothing else differs.
        var running: [Double] = [], stopped: [Double] = []
        for _ in 0..<repetitions {
            running.append(nanosecondsPerCall(iterations: iterations) { value &+= 1; syncedStore[unsynced] = value })
            sync.stop()
            stopped.append(nanosecondsPerCall(iterations: iterations) { value &+= 1; syncedStore[unsynced] = value })
            _ = sync.start()
        }
        let unsyncedWrite = (first: median(running), second: median(stopped))
        unsyncedAdded.append(unsyncedWrite.first - unsyncedWrite.second)
        table.row(label, "unsynced key", format(unsyncedWrite.first), format(unsyncedWrite.second), format(unsyncedWrite.first - unsyncedWrite.second),
                  "same store, sync stopped in alternate repetitions; the key is not marked, so the sync is not consulted")
        sync.stop()
    }

    // A push of one changed key: its cloud form (a dictionary with the write's time), its size checked, written.
    let account = InMemoryCloudAccount()
    let store = DefaultsStore.inMemory()
    let sync = DefaultsSync(keys: keys, store: store, cloud: account.makeDevice(), pushDelay: nil).start()
    account.deliverAll()
    var value = 0
    let push = medianMilliseconds(repetitions: repetitions) {
        for _ in 0..<(iterations / 10) {
            value &+= 1
            store[synced[0]] = value
            sync.push()
        }
    } * 1_000_000 / Double(iterations / 10)
    table.row("in memory", "synced key, then push()", format(push), "", "", "write + push of one key (off the write path with the push delay)")
    // The unsynced key's write costs the same with or without a sync: within the noise of ±50 ns.
    return unsyncedAdded.allSatisfy { $0 < 50 }
}
