import Foundation
import TypedDefaults

extension SyncEngine {
    // MARK: Cloud changes

    /// Handles `change`, or leaves it to the thread handling another (which handles it next, in order), holding no
    /// lock while it does.
    func cloudDidChange(_ change: DefaultsCloudChange) {
        // Before the start's work (waiting for protected data), every name is resolved by that work anyway.
        guard isStarted else { return }
        let handlesNow = state.withLock { state in
            guard !state.handlingCloudChanges else {
                state.cloudChangesWaiting.append(change)
                return false
            }
            state.handlingCloudChanges = true
            return true
        }
        guard handlesNow else { return }
        var next: DefaultsCloudChange? = change
        while let current = next {
            handle(current)
            next = state.withLock { state in
                guard !state.cloudChangesWaiting.isEmpty else {
                    state.handlingCloudChanges = false
                    return nil
                }
                return state.cloudChangesWaiting.removeFirst()
            }
        }
    }

    private func handle(_ change: DefaultsCloudChange) {
        switch change.reason {
        case .serverChange, .initialSync:
            SyncAccount(engine: self).downloaded()
            // A server change that does not say which names changed may have changed any of them.
            resolve(change.reason == .initialSync || change.names.isEmpty ? names : change.names.filter { keys[$0] != nil })
        case .accountChange:
            let account = SyncAccount(engine: self)
            switch account.accountChanged() {
            case .changed: adoptNewAccount()
            case .signedOut: state.withLock { $0.signedOut = true }
            case .same:
                state.withLock { $0.signedOut = false }
                resolve(names)
            case .newEpoch:
                state.withLock { $0.signedOut = false }
                resolve(names)
                account.persistEpoch()
            }
        case .quotaViolation:
            let named = change.names.filter { keys[$0] != nil }
            let blamed = named.isEmpty ? namesOverQuota() : named
            state.withLock { $0.refused.formUnion(blamed) }
            emit(blamed.map { .refused(name: $0, reason: .quotaExceeded) })
        }
    }

    /// The synced names that put the cloud store over its limits, when a quota violation names none, from the
    /// bytes each value takes (what the last push sent, for its names; the device's copy for the others): each
    /// value over the per-value limit; else the largest values of the last push until all of them fit the total
    /// and the number of keys; else the largest of the last push (the store counts what this sync cannot see,
    /// such as other keys of the app). Never the whole last push for the sake of one value.
    func namesOverQuota() -> [String] {
        let (lastPushed, pushedSizes) = state.withLock { ($0.lastPushed, $0.lastPushedSizes) }
        var sizes = Dictionary(uniqueKeysWithValues: names.compactMap { name -> (String, Int)? in
            guard pushedSizes[name] == nil, name.utf8.count <= limits.nameBytes,
                  let object = WriteOrder.callingOut({ cloud.object(forKey: name) }) else { return nil }
            return (name, cloudStoredSize(name: name, object: object))
        })
        sizes.merge(pushedSizes) { _, pushed in pushed }
        let tooLarge = sizes.filter { $0.value > limits.valueBytes }.keys.sorted()
        if !tooLarge.isEmpty { return tooLarge }
        let largestPushedFirst = lastPushed.sorted { (sizes[$0] ?? 0, $1) > (sizes[$1] ?? 0, $0) }
        var total = sizes.values.reduce(0, +)
        var count = sizes.count
        var blamed: [String] = []
        for name in largestPushedFirst where total > limits.totalBytes || count > limits.keyCount {
            blamed.append(name)
            total -= sizes[name] ?? 0
            count -= 1
        }
        if blamed.isEmpty, let largest = largestPushedFirst.first { blamed = [largest] }
        return blamed.sorted()
    }

    /// Resolves each of `names` between this device and the cloud: the newer write wins, in both directions.
    func resolve(_ names: [String]) {
        guard !names.isEmpty else { return }
        var pulled: [String] = []
        var unreadable: [String] = []
        storeFromCloud(names) { store, name, local, entry in
            let decision = state.withLock { state in
                let before = state.stamps[name]
                defer { if state.stamps[name] != before { state.suitesWithUnsavedStamps.insert(ObjectIdentifier(store.suite)) } }
                let decision = decide(name, local: local, cloud: entry, in: &state)
                // Known now: a late report of this same value is not a newer write.
                if case .keep = decision, state.lastKnown[name] == nil { state.lastKnown[name] = .some(local) }
                return decision
            }
            switch decision {
            case .keep: return nil
            case .unreadable:
                unreadable.append(name)
                return nil
            case .take(let object):
                pulled.append(name)
                return .some(object)
            }
        }
        emit((pulled.isEmpty ? [] : [.pulled(pulled)]) + unreadable.map { .refused(name: $0, reason: .unreadable) })
        schedulePush()
    }

    /// Another account signed in. As `NSUbiquitousKeyValueStore` does with its own contents (on an account change
    /// "the system removes any previous iCloud data and replaces it with data from the new account"), the new
    /// account's values win whatever the stamps say: nothing written under the previous account is pushed into the
    /// new one (that would copy one person's settings into another person's iCloud), and each synced key takes the
    /// new account's value, or its default where the account has none that reads as the key's. Told as
    /// ``DefaultsSyncEvent/accountChanged``, then `pulled` with the keys whose local values were replaced.
    func adoptNewAccount() {
        state.withLock { state in
            state.pending = [:]
            state.refused = []
            state.lastPushed = []
            for name in names { state.stamps[name] = nil }
        }
        var replaced: [String] = []
        storeFromCloud(names) { store, name, local, entry in
            var taken = entry?.object
            if let object = taken, keys[name]?.key.readsValue(from: object) != true { taken = nil }
            state.withLock { state in
                state.stamps[name] = taken == nil ? nil : entry?.modified
                state.suitesWithUnsavedStamps.insert(ObjectIdentifier(store.suite))
            }
            guard !storedObjectsEqual(local, taken) else { return nil }
            replaced.append(name)
            return .some(taken)
        }
        let signedOut = SyncAccount(engine: self).adopted()
        state.withLock { $0.signedOut = signedOut }
        emit([.accountChanged] + (replaced.isEmpty ? [] : [.pulled(replaced)]))
    }

    /// Reads `names` from the cloud and what each suite stores under them (holding no lock: both are calls that
    /// may run other code; a name the cloud cannot hold is never asked for: iCloud raises an Objective-C exception
    /// for one, so it reads as nothing there), then, in one write of each suite taken from the cloud (not pushed
    /// back), asks `decide` what to store for each name: `.some(object)` (`nil`: remove), or `nil` to leave it.
    /// A suite written in between is read again (`Suite.inWriteOrder(of:names:reads:after:_:)`).
    func storeFromCloud(_ names: [String], _ decide: (DefaultsStore, String, _ local: Any?, CloudEntry?) -> Any??) {
        let entries = names.map { name in
            name.utf8.count <= limits.nameBytes ? CloudEntry(cloudObject: WriteOrder.callingOut { cloud.object(forKey: name) }) : nil
        }
        for store in stores {
            let inSuite = zip(names, entries).filter { keys[$0.0]?.store.suite === store.suite }
            guard !inSuite.isEmpty else { continue }
            store.suite.inWriteOrder(of: [store.suite], names: inSuite.map(\.0), after: { inSuite.map { storedObject($0.0, in: store.suite) } }) { locals in
                store.write(touching: inSuite.map(\.0), fromSync: true) {
                    var written: [WrittenValue] = []
                    for ((name, entry), local) in zip(inSuite, locals) {
                        guard let object = decide(store, name, local, entry) else { continue }
                        state.withLock { $0.lastKnown[name] = .some(object) }
                        store.suite.store(object, name: name)
                        written.append(WrittenValue(keys[name]!.key, object))
                    }
                    return ((), written)
                }
            }
        }
    }

    enum Decision {
        /// Nothing to store here (in step, or this device's write is newer and is pushed).
        case keep
        /// Store the cloud's value (`nil`: remove).
        case take(Any?)
        /// The cloud's newer value does not read as the key's: left out.
        case unreadable
    }

    func decide(_ name: String, local: Any?, cloud entry: CloudEntry?, in state: inout State) -> Decision {
        let localStamp = state.stamps[name]
        guard let entry else {
            // The cloud holds nothing: what is stored here goes up. A default, with nothing stored, never does. A
            // value stored before sync began goes up as the oldest write there is: this device's copy of the cloud
            // may just not have been downloaded yet, and the account's values must win over it.
            if let local, !state.refused.contains(name), state.pending[name] == nil {
                // Below zero, where a plain value another program synced reads (0), and this device's own, so that
                // a write made here later, while no sync ran, is told from it by its stamp (same stamp, other value).
                let stamp = localStamp ?? -Double.random(in: 0.000_000_001..<0.000_1)
                state.stamps[name] = stamp
                queue(CloudEntry(object: local, modified: stamp), of: name, in: &state)
            }
            return .keep
        }
        if let localStamp, localStamp != 0, localStamp == entry.modified, !storedObjectsEqual(local, entry.object) {
            // The cloud holds the write this device last knew of, and the value here differs: it was written since,
            // with no sync to see it (the app not running, or quit before its stamps were saved). It goes up, stamped
            // just after that write, so it still counts as older than anything written elsewhere meanwhile. Not at
            // stamp 0, which any plain value another program synced has (and earlier versions gave values stored
            // before sync began): it names no write. Written in an epoch that an earlier launch began, it counts
            // as written in it (after its start); before an epoch this launch began, it may be another person's and
            // is not pushed.
            if !state.refused.contains(name) {
                let written = state.epochBeganThisLaunch ? localStamp : max(localStamp, state.epoch)
                record(CloudEntry(object: local, modified: written + 0.001), of: name, in: &state)
                state.lastKnown[name] = .some(local)
            }
            return .keep
        }
        if let localStamp, localStamp > entry.modified {
            // This device's write is newer: the cloud gets it (again), unless the cloud refused it.
            if !state.refused.contains(name), state.pending[name] == nil {
                queue(CloudEntry(object: local, modified: localStamp), of: name, in: &state)
            }
            return .keep
        }
        // The cloud's write is newer, or this device's value was never stamped (stored before sync began): the
        // cloud's value wins.
        if storedObjectsEqual(local, entry.object) {
            state.stamps[name] = entry.modified
            state.pending[name] = nil
            return .keep
        }
        if let object = entry.object, keys[name]?.key.readsValue(from: object) != true { return .unreadable }
        state.stamps[name] = entry.modified
        state.pending[name] = nil
        state.refused.remove(name)
        return .take(entry.object)
    }
}
