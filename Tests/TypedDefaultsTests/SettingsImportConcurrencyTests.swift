import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

/// An import while other threads `update` and write the same keys, on a loaded machine, with observers that stall:
/// every `update` and every observer sees all of the import or none of it, no update made after it is lost, and it
/// finishes. Counted exactly; no deadline decides anything.
@Suite(.serialized) struct SettingsImportConcurrencyTests {
    private static let imported = 1_000_000
    private static let keys = (0..<10).map { DefaultsKey<Int>("shared.\($0)", default: 0) }

    @Test(arguments: [false, true])
    func anImportIsAllOrNothingToUpdatesAndObserversAndLosesNoLaterWrite(overUserDefaults: Bool) async throws {
        let scratch = ScratchSuite()
        let store = overUserDefaults ? scratch.store : DefaultsStore.inMemory()
        let keys = Self.keys
        let file = DefaultsExport(app: nil, appVersion: nil, schemaRelease: nil, date: Date(),
                                  settings: keys.map { .init(name: $0.name, suite: nil, value: .integer(Int64(Self.imported))) })
        let load = Spinners(4)
        defer { load.stop() }
        let problems = Tally()
        /// Per key, the updates that found the imported value (made after the import): each must be in the end.
        let afterImport = LockedState([Int](repeating: 0, count: keys.count))
        let observers = keys.indices.map { index in
            store.follow(keys[index]) { value in
                guard value >= Self.imported else { return }
                // Told of the imported value: every other key holds it already.
                if keys.contains(where: { store[$0] < Self.imported }) { problems.add("an observer saw part of the import") }
                usleep(200)
            }
        }
        defer { observers.forEach { $0.cancel() } }
        let rounds = overUserDefaults ? 150 : 1_000
        let finished = await runThreads(5, timeout: 300) { thread in
            guard thread > 0 else {
                usleep(2_000)
                let report = store.importSettings(file, keys: keys)
                if report.written.count != keys.count { problems.add("the import wrote \(report.written.count)") }
                return
            }
            for round in 0..<rounds {
                let index = (thread * 7 + round) % keys.count
                store.update(keys[index]) { value in
                    let seen = keys.filter { store[$0] >= Self.imported }.count
                    if seen != 0, seen != keys.count { problems.add("an update saw \(seen) of \(keys.count) imported") }
                    if value >= Self.imported { afterImport.withLock { $0[index] += 1 } }
                    value += 1
                }
            }
        }
        #expect(finished)
        let counted = afterImport.withLock { $0 }
        for index in keys.indices {
            #expect(store[keys[index]] == Self.imported + counted[index], "key \(index)")
        }
        #expect(problems.counts == [:])
    }
}
