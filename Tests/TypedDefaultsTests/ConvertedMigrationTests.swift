import Foundation
import Testing
import TestSupport
import TypedDefaults

/// Migrations by the app's own function (`"swiftConvert"`): the old stored object, whatever it is, goes through it
/// once; `nil` drops it and counts it.
@Suite struct ConvertedMigrationTests {
    /// What a video player does: colours archived as data by an older version become the string form it uses now.
    static let colorFromArchive: @Sendable (Any) -> String? = { object in
        guard let data = object as? Data, let text = String(data: data, encoding: .utf8), text.hasPrefix("archived:") else { return nil }
        return String(text.dropFirst("archived:".count))
    }

    @Test func anOldValueUnderAnotherNameGoesThroughTheFunctionOnce() {
        let suite = ScratchSuite()
        let calls = Counter()
        let key = DefaultsKey<String>("accentColor", default: "blue", migrations: [
            .converted(from: "oldColor") { object in calls.increment(); return Self.colorFromArchive(object) },
        ])
        suite.defaults.set(Data("archived:#ff0000".utf8), forKey: "oldColor")
        #expect(suite.store[key] == "#ff0000")
        #expect(suite.store[key] == "#ff0000")
        #expect(calls.value == 1, "once per migrated value")
        #expect(suite.defaults.string(forKey: "accentColor") == "#ff0000" && suite.defaults.object(forKey: "oldColor") == nil)
    }

    @Test func inPlaceAValueThatDoesNotReadGoesThroughTheFunction() {
        let suite = ScratchSuite()
        let key = DefaultsKey<String>("tint", default: "blue", migrations: [.converted(from: "tint", by: Self.colorFromArchive)])
        suite.defaults.set(Data("archived:#00ff00".utf8), forKey: "tint")
        #expect(suite.store[key] == "#00ff00")
        #expect(suite.defaults.string(forKey: "tint") == "#00ff00")
        // A value of the new type reads as it is: the function is for what does not.
        suite.store[key] = "red"
        #expect(suite.store[key] == "red")
    }

    @Test func nilDropsTheOldValueAndReportsIt() {
        let suite = ScratchSuite()
        let key = DefaultsKey<String>("shade", default: "blue", migrations: [.converted(from: "oldShade", by: Self.colorFromArchive)])
        suite.defaults.set(42, forKey: "oldShade")
        #expect(suite.store.failures(for: key).isEmpty)
        #expect(suite.store[key] == "blue")
        #expect(suite.store.failures(for: key).map(\.kind) == [.migrationValueDropped(formerName: "oldShade")])
        #expect(suite.defaults.object(forKey: "oldShade") == nil, "dropped, not left to be converted again")
    }
}

/// A thread-safe counter for closures the store calls (a lock: `Mutex` needs macOS 15).
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
