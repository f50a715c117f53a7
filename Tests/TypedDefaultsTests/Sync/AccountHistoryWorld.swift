import Foundation
import Testing
@testable import TypedDefaults
@_spi(Testing) import TypedDefaultsTestDoubles
@testable import TypedDefaultsSync

/// The world ``AccountHistorySearchTests`` plays its histories in: two accounts, two devices, every written value
/// with its author, and the checks of the account promises after each step.
extension AccountHistorySearchTests {
    /// Two accounts, two devices, and the bookkeeping the checks need.
    final class World {
        struct Write {
            let value: String
            let device: Int
            /// The author: the person of the account the device was on (or last, signed out); for a value written
            /// before the device's first sync start, the account that start finds (nothing can tell the library
            /// otherwise: docs/ICloudSync.md, "a value stored before the sync first ran").
            var person: Int
            /// Made while a sync ran on a signed-in device: the sync owes it to the account.
            let owed: Bool
            /// Made while no sync ran, and not seen by a start yet.
            var unseenByAStart: Bool
            var reached = false
            var risk: String?
        }

        final class Device {
            let installation: Installation
            var account: Int?
            var person = 0
            var hadValue = false
            var marker: String?
            var trace: [String] = []
            /// The account the device's sync last saw while it ran: the account its stamps belong to.
            var accountSeenBySync: Int?
            var hasStarted = false
            var heardLog: HeardLog?
            var observation: DefaultsCloudObservation?

            init(_ installation: Installation) { self.installation = installation }
        }

        let accounts: [InMemoryCloudAccount]
        let devices: [Device]
        let tokens: Bool
        var writes: [Write] = []
        var switched = false
        var outcome = Outcome()
        let observations: Observations
        private var written = 0

        init(behavior: InMemoryCloudAccount.UndocumentedBehavior, tokens: Bool, syncing: Bool, observations: Observations) {
            let limits = DefaultsCloudLimits(keyCount: 6, totalBytes: 1_000_000, valueBytes: 1_000_000, nameBytes: 64)
            let accounts = [InMemoryCloudAccount(limits: limits, undocumented: behavior), InMemoryCloudAccount(limits: limits, undocumented: behavior)]
            let clock = TickingClock()
            self.accounts = accounts
            devices = (0..<2).map { _ in Device(Installation(accounts[0], clock: clock, reportsAccount: tokens)) }
            self.tokens = tokens
            self.observations = observations
            for device in devices {
                device.account = 0
                let heard = HeardLog()
                device.heardLog = heard
                device.observation = device.installation.cloud.observeChanges { change in heard.append("\(change.reason)") }
            }
            if syncing {
                for index in devices.indices { launch(index) }
                for _ in 0..<2 { pushUploadAndDownloadEverywhere() }
                check(after: "the two devices start syncing")
            }
        }

        func apply(_ step: Step) {
            switch step {
            case .launchOrQuit(let d):
                if devices[d].installation.isRunning { devices[d].installation.quit() } else { launch(d) }
            case .write(let d):
                written += 1
                let device = devices[d]
                let value = "person \(device.person), write \(written)"
                device.installation.store[SyncKeys.nickname] = value
                writes.append(Write(value: value, device: d, person: device.person,
                                    owed: device.installation.isRunning && device.account != nil,
                                    unseenByAStart: !device.installation.isRunning))
            case .push(let d): devices[d].installation.sync?.push()
            case .upload(let d): devices[d].installation.cloud.upload()
            case .download(let d): devices[d].installation.cloud.download()
            case .switchAccount(let d, let loading):
                let device = devices[d]
                let other = 1 - (device.account ?? device.person)
                leaving(d, "left the account")
                device.installation.cloud.switchAccount(to: accounts[other], loading: loading)
                if other != device.person { switched = true }
                device.account = other
                device.person = other
            case .signOutOrIn(let d):
                let device = devices[d]
                if device.account != nil {
                    leaving(d, "left the account")
                    device.installation.cloud.switchAccount(to: nil)
                    device.account = nil
                } else {
                    device.installation.cloud.switchAccount(to: accounts[device.person])
                    device.account = device.person
                }
            case .clear(let a):
                let settings = accounts[a].makeDevice()
                settings.download()
                for name in accounts[a].names { settings.removeObject(forKey: name) }
                settings.upload()
                for index in writes.indices where writes[index].person == a {
                    writes[index].reached = false
                    writes[index].risk = writes[index].risk ?? "its account's data cleared"
                }
            case .fill(let a):
                let other = accounts[a].makeDevice()
                other.download()
                var next = 0
                while accounts[a].names.count < accounts[a].limits.keyCount {
                    other.set(next, forKey: "another app's key \(next)")
                    other.upload()
                    next += 1
                }
                for index in writes.indices where writes[index].person == a && !writes[index].reached {
                    writes[index].risk = writes[index].risk ?? "the account out of room"
                }
            }
            check(after: step.description)
        }

        private func leaving(_ d: Int, _ reason: String) {
            for index in writes.indices where writes[index].device == d && !writes[index].reached {
                writes[index].risk = writes[index].risk ?? reason
            }
        }

        private func launch(_ d: Int) {
            let device = devices[d]
            let store = device.installation.store
            let record = AccountRecord(stored: store.storage.object(forKey: SyncEngine.accountName))
            let cloud = device.installation.cloud
            let token: String
            switch (cloud.account, record.token) {
            case (.signedOut, _): token = "signed out"
            case (.unknown, _): token = "no token"
            case (.signedIn, nil): token = "a token, none remembered"
            case (.signedIn(let now), let remembered?): token = now == remembered ? "the same token" : "another token"
            }
            let marker = record.marker.map { cloud.object(forKey: SyncAccount.markerPrefix + $0) != nil ? "marker there" : "marker gone" } ?? "no marker"
            let holds = cloud.object(forKey: "nickname") != nil ? "values" : "no values"
            device.trace += device.heardLog?.drain() ?? []
            device.trace.append("start: \(token), \(marker), \(holds)")
            if let last = device.accountSeenBySync, let now = device.account {
                observations.record(device.trace, changed: last != now)
            }
            if !device.hasStarted, let now = device.account {
                device.hasStarted = true
                for index in writes.indices where writes[index].device == d { writes[index].person = now }
            }
            // A write made while no sync ran on an account the device left again before this start, back on the
            // account its sync last saw: nothing the app can observe shows it (docs/ICloudSync.md: such a write
            // belongs to the account the next start finds).
            for index in writes.indices where writes[index].device == d && writes[index].unseenByAStart {
                writes[index].unseenByAStart = false
                if let now = device.account, now == device.accountSeenBySync, writes[index].person != now {
                    writes[index].person = now
                }
            }
            device.installation.launch()
            device.heardLog?.listening = true
        }

        func check(after what: String) {
            for (index, device) in devices.enumerated() {
                if !device.installation.isRunning { device.heardLog?.listening = false }
                if device.installation.isRunning, let now = device.account { device.accountSeenBySync = now }
                let value = device.installation.store[SyncKeys.nickname]
                if value != nil { device.hadValue = true }
                if value == nil, device.hadValue, !(tokens && switched) {
                    outcome.violations.append("device \(index) reset after \(what)")
                    device.hadValue = false
                }
                // Each epoch has a marker of its own: a marker replaced is an epoch begun.
                let marker = AccountRecord(stored: device.installation.store.storage.object(forKey: SyncEngine.accountName)).marker
                if marker != device.marker {
                    if device.marker != nil { leaving(index, "an epoch began on its device") }
                    device.marker = marker
                }
            }
            for (a, account) in accounts.enumerated() {
                if account.names.count >= account.limits.keyCount {
                    for index in writes.indices where writes[index].person == a && !writes[index].reached {
                        writes[index].risk = writes[index].risk ?? "the account out of room"
                    }
                }
                guard let held = (account.object(forKey: "nickname") as? [String: Any])?["TypedDefaults.value"] as? String else { continue }
                for index in writes.indices where writes[index].value == held {
                    writes[index].reached = true
                    if writes[index].person != a {
                        outcome.violations.append("account \(a) holds \"\(held)\" after \(what)")
                    }
                }
            }
        }

        /// Each device in turn pushes (if its app runs), uploads and downloads.
        private func pushUploadAndDownloadEverywhere() {
            for device in devices {
                device.installation.sync?.push()
                device.installation.cloud.upload()
                device.installation.cloud.download()
            }
        }

        /// Every device quits and launches twice, pushing and delivering everything; then the lost writes.
        func settle() {
            for _ in 0..<2 {
                for index in devices.indices {
                    devices[index].installation.quit()
                    launch(index)
                }
                for _ in 0..<3 {
                    pushUploadAndDownloadEverywhere()
                    check(after: "the end")
                }
            }
            for device in devices { device.installation.quit() }
            for (a, account) in accounts.enumerated() {
                guard let last = writes.lastIndex(where: { $0.person == a && $0.owed }) else { continue }
                let allowed = writes[last...].filter { $0.person == a }.map(\.value)
                let held = (account.object(forKey: "nickname") as? [String: Any])?["TypedDefaults.value"] as? String
                guard !allowed.contains(where: { $0 == held }) else { continue }
                if let risk = writes[last].risk {
                    outcome.documentedLosses[risk, default: 0] += 1
                } else {
                    outcome.violations.append("account \(a) lost \"\(writes[last].value)\" (holds \(held ?? "nothing"))")
                }
            }
        }
    }
}

/// The reasons of the changes a device heard while its app ran.
final class HeardLog: @unchecked Sendable {
    private let lock = NSLock()
    private var heard: [String] = []
    private var isListening = false

    var listening: Bool {
        get { lock.withLock { isListening } }
        set { lock.withLock { isListening = newValue } }
    }

    func append(_ reason: String) {
        lock.withLock { if isListening { heard.append("heard \(reason)") } }
    }

    func drain() -> [String] {
        lock.withLock {
            defer { heard = [] }
            return heard
        }
    }
}
