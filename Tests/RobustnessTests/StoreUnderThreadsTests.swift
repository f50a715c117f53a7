import Foundation
import TestSupport
import Testing
import TypedDefaults

/// 8 tasks × 10,000 mixed operations on one suite: no crash, no data race (CI runs this suite under
/// `swift test --sanitize=thread`), exact `update` counts, and every final value one that was written.
@Suite struct StoreUnderThreadsTests {
    static let counter = DefaultsKey<Int>("counter", default: 0)
    static let text = DefaultsKey<String>("text", default: "initial")
    static let list = DefaultsKey<[String]>("list", default: [])
    static let mood = DefaultsKey<Mood>("mood", default: .calm)
    static let account = DefaultsKey<Account?>("account")
    static let volume = DefaultsKey<Double>("volume", default: 0.5, formerNames: ["soundLevel"])

    static func accountValue(_ task: Int) -> Account {
        Account(email: "user\(task)@example.com", logins: task, scores: [Double(task)], mood: Mood.allCases[task % 3])
    }

    @Test(arguments: ["suite", "memory"])
    func mixedOperationsFromEightTasks(storage: String) async {
        let suite = ScratchSuite()
        let store = storage == "memory" ? DefaultsStore.inMemory() : suite.store
        store[DefaultsKey<Double>("soundLevel", default: 0)] = 0.8  // migrated by whichever task reads first
        let operations = 10_000
        let updatesPerTask = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var updates = 0
                    for step in 0..<operations {
                        switch (step &* 7 &+ task) % 9 {
                        case 0: store.update(Self.counter) { $0 += 1 }; updates += 1
                        case 1: store[Self.text] = "task \(task) step \(step % 5)"
                        case 2: store[Self.list] = ["task \(task)", "\(step % 3)"]
                        case 3: store[Self.mood] = Mood.allCases[step % 3]
                        case 4: store[Self.account] = step.isMultiple(of: 2) ? Self.accountValue(task) : nil
                        case 5: _ = store[Self.account]; _ = store[Self.list]; _ = store.has(Self.text)
                        case 6: store.update(Self.list) { $0.append("u\(task)"); if $0.count > 6 { $0.removeFirst(3) } }
                        case 7: _ = store[Self.volume]; _ = store[Self.mood]
                        default: store.remove(Self.text)
                        }
                    }
                    return updates
                }
            }
            return await group.reduce(0, +)
        }
        #expect(store[Self.counter] == updatesPerTask)
        #expect(store[Self.volume] == 0.8)
        let text = store[Self.text]
        #expect(text == "initial" || text.hasPrefix("task "))
        #expect(store[Self.list].allSatisfy { $0.hasPrefix("task ") || $0.hasPrefix("u") || ["0", "1", "2"].contains($0) })
        if let account = store[Self.account] { #expect((0..<8).map(Self.accountValue).contains(account)) }
        DefaultsStore.flush()
    }

    @Test func observersUnderConcurrentWritesSeeEveryValue() async {
        let store = DefaultsStore.inMemory()
        let key = DefaultsKey<Int>("observed", default: -1)
        let stream = store.updates(key)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask { for step in 0..<2_000 { store[key] = task * 10_000 + step } }
            }
        }
        store[key] = 424_242
        // Every write holds a new value, so every write is yielded: the initial value, 16,000, then the last.
        let values = await firstValues(16_002, of: stream)
        #expect(values.count == 16_002)
        #expect(values.last == 424_242)
    }
}
