import Foundation
import Observation
import Testing
@testable import TypedDefaults

/// The write path's promise (docs/Guide.md, "Threads and callbacks") as a model, checked over histories: every
/// short history of store writes and raw writes of one name, and random long ones.
///
/// A store write is three steps a scheduler orders: it begins (commits, and enters `UserDefaults.set`), its value
/// lands in Foundation (key-value observers run, on its thread), and its call returns (the store retires it,
/// repairs if it must, and returns). Each step runs alone (``GatedDefaults``), so a history is one exact
/// interleaving, whatever the machine does. A raw write is one step. After every step the model checks:
/// - **clause 1** (linearizable among stores): while the newest step among commits and raw writes is a commit, every
///   store read returns its value;
/// - **clause 2** (a raw write that begins after a store write returned is never overwritten by it or a repair):
///   once nothing of ours is in flight after a raw write R, Foundation holds R's value, or the value of a store
///   write in flight at R (a race) whose own value landed after R, or which was the newest and may be put back;
/// - **clause 3** (agreement at rest): with no store call in flight, store reads equal Foundation's value, reads
///   write nothing, and an Observation tracker that read the value at the last rest is told when it changed since;
/// - **in `UserDefaults` when it returns**: a store call that returns with no other in flight leaves its value there.
@Suite(.serialized) struct WriteHistorySearchTests {
    /// Every interleaving of two store writes and up to two raw writes, with values all different, a raw value
    /// equal to the older store write's (a `Bool` toggle), and a removal.
    @Test func everyHistoryOfTwoStoreWritesAndUpToTwoRawWrites() throws {
        let search = try HistorySearch()
        var histories = 0
        for raws in 0...2 {
            for pattern in ValuePattern.allCases {
                for steps in HistorySearch.interleavings(storeWrites: 2, rawWrites: raws) {
                    try search.run(steps, values: pattern.values(storeWrites: 2, rawWrites: raws))
                    histories += 1
                }
            }
        }
        print("write histories searched: \(histories) (two store writes, 0–2 raw writes), violations: \(search.violations.count)")
        #expect(search.violations == [])
    }

    /// Every interleaving of three store writes (one an `update`), and with one raw write.
    @Test func everyHistoryOfThreeStoreWrites() throws {
        let search = try HistorySearch()
        var histories = 0
        for raws in 0...1 {
            for steps in HistorySearch.interleavings(storeWrites: 3, rawWrites: raws) {
                try search.run(steps, values: ValuePattern.collidingRaw.values(storeWrites: 3, rawWrites: raws, update: 2))
                histories += 1
            }
        }
        print("write histories searched: \(histories) (three store writes, 0–1 raw writes), violations: \(search.violations.count)")
        #expect(search.violations == [])
    }

    /// Random histories of up to seven store writes (sets, removals, updates) and four raw writes, seeded.
    @Test func randomLongHistories() throws {
        let search = try HistorySearch()
        var generator = SyncConvergenceTests.SeededGenerator(state: 0x5EED_57)
        let count = 300
        for _ in 0..<count {
            let storeWrites = Int.random(in: 3...7, using: &generator)
            let rawWrites = Int.random(in: 0...4, using: &generator)
            let steps = HistorySearch.randomInterleaving(storeWrites: storeWrites, rawWrites: rawWrites, using: &generator)
            let values = ValuePattern.random(storeWrites: storeWrites, rawWrites: rawWrites, using: &generator)
            try search.run(steps, values: values)
        }
        print("random write histories: \(count) (3–7 store writes, 0–4 raw writes), violations: \(search.violations.count)")
        #expect(search.violations == [])
    }
}

/// One step of a history.
enum HistoryStep: Hashable, CustomStringConvertible {
    case begin(Int), land(Int), returns(Int), raw(Int)

    var description: String {
        switch self {
        case .begin(let i): "B\(i)"
        case .land(let i): "L\(i)"
        case .returns(let i): "E\(i)"
        case .raw(let j): "R\(j)"
        }
    }
}

/// What each write of a history writes.
struct HistoryValues {
    enum StoreWrite { case set(Int), remove, update }
    var storeWrites: [StoreWrite]
    var rawWrites: [Int]
}

enum ValuePattern: CaseIterable {
    /// Every value different.
    case distinct
    /// Raw writes write the older store write's value: a `Bool` toggled back by other code.
    case collidingRaw
    /// The second store write removes the value.
    case removal

    func values(storeWrites: Int, rawWrites: Int, update: Int? = nil) -> HistoryValues {
        var writes = (0..<storeWrites).map { HistoryValues.StoreWrite.set($0 + 1) }
        if self == .removal, storeWrites > 1 { writes[1] = .remove }
        if let update { writes[update] = .update }
        let raws = (0..<rawWrites).map { self == .collidingRaw ? 1 : 100 + $0 }
        return HistoryValues(storeWrites: writes, rawWrites: raws)
    }

    static func random(storeWrites: Int, rawWrites: Int, using generator: inout SyncConvergenceTests.SeededGenerator) -> HistoryValues {
        let writes = (0..<storeWrites).map { index -> HistoryValues.StoreWrite in
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: .remove
            case 1: .update
            default: .set(Int.random(in: 1...3, using: &generator))
            }
        }
        return HistoryValues(storeWrites: writes, rawWrites: (0..<rawWrites).map { _ in Int.random(in: 1...3, using: &generator) })
    }
}

/// Runs histories against one suite over ``GatedDefaults`` (a fresh name each), and keeps what the model refused.
final class HistorySearch {
    private let scratchName = "typeddefaults.tests.history.\(UUID().uuidString)"
    private let defaults: GatedDefaults
    private let store: DefaultsStore
    private(set) var violations: [String] = []

    init() throws {
        defaults = try #require(GatedDefaults(suiteName: scratchName))
        store = DefaultsStore(defaults)
    }

    deinit {
        try? DefaultsStore.removeSuite(named: scratchName)
    }

    /// Every order of the steps that keeps each store write's begin, land and return in that order, and the raw
    /// writes in theirs.
    static func interleavings(storeWrites: Int, rawWrites: Int) -> [[HistoryStep]] {
        var results: [[HistoryStep]] = []
        var next = [Int](repeating: 0, count: storeWrites)
        var nextRaw = 0
        var current: [HistoryStep] = []
        func extend() {
            if current.count == storeWrites * 3 + rawWrites {
                results.append(current)
                return
            }
            for write in 0..<storeWrites where next[write] < 3 {
                current.append([HistoryStep.begin(write), .land(write), .returns(write)][next[write]])
                next[write] += 1
                extend()
                next[write] -= 1
                current.removeLast()
            }
            if nextRaw < rawWrites {
                current.append(.raw(nextRaw))
                nextRaw += 1
                extend()
                nextRaw -= 1
                current.removeLast()
            }
        }
        extend()
        return results
    }

    static func randomInterleaving(storeWrites: Int, rawWrites: Int, using generator: inout SyncConvergenceTests.SeededGenerator) -> [HistoryStep] {
        var next = [Int](repeating: 0, count: storeWrites)
        var nextRaw = 0
        var steps: [HistoryStep] = []
        while steps.count < storeWrites * 3 + rawWrites {
            var choices = (0..<storeWrites).filter { next[$0] < 3 }.map { Optional($0) }
            if nextRaw < rawWrites { choices.append(nil) }
            if let write = choices.randomElement(using: &generator)! {
                steps.append([HistoryStep.begin(write), .land(write), .returns(write)][next[write]])
                next[write] += 1
            } else {
                steps.append(.raw(nextRaw))
                nextRaw += 1
            }
        }
        return steps
    }

    /// The model's state of one history.
    private struct Model {
        enum Newest { case nothing, commit(Int), raw(Int) }
        var newest = Newest.nothing
        var newestCommit: Int?
        var committedValue: [Int: Int?] = [:]
        var inFlight: Set<Int> = []
        var landed: [Int: Int] = [:]
        var stepNumber = 0
        /// For each raw write: the store writes in flight when it was made, and the step it was made at.
        var rawWrites: [Int: (value: Int, inFlight: Set<Int>, step: Int)] = [:]
    }

    func run(_ steps: [HistoryStep], values: HistoryValues) throws {
        // One name for every history: a name per history made each history slower than the last (the suite's
        // file, the watched names). A history starts from nothing stored, and nothing of ours in flight.
        let key = DefaultsKey<Int?>("history", default: nil)
        defaults.removeObject(forKey: key.name)
        let trace = steps.map(\.description).joined(separator: " ")
        var model = Model()
        var writers: [Int: GatedDefaults.Writer] = [:]
        func refuse(_ what: String) {
            violations.append("history \(trace) \(describe(values)): \(what)")
        }
        if store[key] != nil { refuse("a store reads a value before the history began") }
        var tracker = track(key)
        for step in steps {
            model.stepNumber += 1
            switch step {
            case .begin(let write):
                let before = store[key]
                let committed: Int?
                let operation: @Sendable (DefaultsStore) -> Void
                switch values.storeWrites[write] {
                case .set(let value):
                    committed = value
                    operation = { $0[key] = value }
                case .remove:
                    committed = nil
                    operation = { $0.remove(key) }
                case .update:
                    committed = (before ?? 0) + 1_000
                    operation = { $0.update(key) { $0 = ($0 ?? 0) + 1_000 } }
                }
                let writer = defaults.startGatedWrite(store: store, operation)
                writers[write] = writer
                writer.waitUntilAtLanding()
                model.committedValue[write] = committed
                model.newest = .commit(write)
                model.newestCommit = write
                model.inFlight.insert(write)
            case .land(let write):
                writers[write]!.landAndWaitUntilAtReturn()
                model.landed[write] = model.stepNumber
            case .returns(let write):
                writers[write]!.returnAndWaitUntilDone()
                model.inFlight.remove(write)
            case .raw(let index):
                let value = values.rawWrites[index]
                defaults.set(value, forKey: key.name)
                model.newest = .raw(index)
                model.rawWrites[index] = (value, model.inFlight, model.stepNumber)
            }
            let writesBefore = defaults.writeCount
            let read = store[key]
            let held = defaults.object(forKey: key.name) as? Int
            if defaults.writeCount != writesBefore { refuse("after \(step): a read wrote to Foundation") }
            switch model.newest {
            case .nothing:
                break
            case .commit(let write):
                let expected = model.committedValue[write]!
                if read != expected { refuse("after \(step): a store read \(show(read)), the newest commit is \(show(expected)) (clause 1)") }
                if model.inFlight.isEmpty, held != expected {
                    refuse("after \(step): at rest Foundation holds \(show(held)), the newest commit is \(show(expected)) (clause 3)")
                }
            case .raw(let index):
                let raw = model.rawWrites[index]!
                let newestValue = model.newestCommit.flatMap { model.committedValue[$0] }
                if !model.inFlight.isEmpty {
                    if read != raw.value, read != newestValue ?? nil {
                        refuse("after \(step): a store read \(show(read)), neither the newest commit nor the raw write since")
                    }
                } else {
                    // A store write in flight at the raw write raced it: its value may remain if it landed after, and
                    // the newest's may be put back by a repair.
                    var allowed: [Int?] = [raw.value]
                    for write in raw.inFlight where (model.landed[write] ?? 0) > raw.step || write == model.newestCommit {
                        allowed.append(model.committedValue[write]!)
                    }
                    if !allowed.contains(where: { $0 == held }) {
                        refuse("after \(step): at rest Foundation holds \(show(held)), allowed \(allowed.map(show)) (clause 2)")
                    }
                    if read != held { refuse("after \(step): at rest a store reads \(show(read)), Foundation holds \(show(held)) (clause 3)") }
                }
            }
            if model.inFlight.isEmpty {
                // Other code's writes reach trackers from a queue of their own: drained, not waited for.
                ExternalChangeObservation.callbacks.sync {}
                if read != tracker.value, !tracker.told.withLock({ $0 }) {
                    refuse("after \(step): a tracker that read \(show(tracker.value)) was not told of \(show(read)) (clause 3)")
                }
                tracker = track(key)
            }
        }
    }

    /// Reads `key` in `withObservationTracking`, and records when the tracker is told of a change.
    private func track(_ key: DefaultsKey<Int?>) -> (value: Int?, told: LockedState<Bool>) {
        let told = LockedState(false)
        let value = withObservationTracking { store[key] } onChange: { told.withLock { $0 = true } }
        return (value, told)
    }

    private func show(_ value: Int??) -> String {
        switch value {
        case .none, .some(.none): "nil"
        case .some(.some(let number)): "\(number)"
        }
    }

    private func describe(_ values: HistoryValues) -> String {
        let writes = values.storeWrites.map { write -> String in
            switch write {
            case .set(let value): "set \(value)"
            case .remove: "remove"
            case .update: "update +1000"
            }
        }
        return "[\(writes.joined(separator: ", "))] raw \(values.rawWrites)"
    }
}

/// A `UserDefaults` whose store writes a scheduler steps through: a thread started by ``startGatedWrite(store:_:)``
/// stops in its first call into Foundation before the value lands, and again after it landed and the key-value
/// observers ran, until told to go on. Every other call (raw writes, reads, a repair's calls) runs at once. It
/// plays key-value observing as Apple's class does, on the writing thread, inside the call.
final class GatedDefaults: UserDefaults, KeyValueObservingStandIn {
    final class Writer: @unchecked Sendable {
        fileprivate let progress = DispatchSemaphore(value: 0)
        fileprivate let land = DispatchSemaphore(value: 0)
        fileprivate let returns = DispatchSemaphore(value: 0)
        fileprivate var gateUsed = false
        fileprivate var done = false
        private var reachedLanding = false

        /// Returns once the write's thread is inside its call, before the value landed (or, if it made no call, done).
        func waitUntilAtLanding() {
            progress.wait()
            reachedLanding = !done
        }

        func landAndWaitUntilAtReturn() {
            guard reachedLanding else { return }
            land.signal()
            progress.wait()
        }

        func returnAndWaitUntilDone() {
            if reachedLanding { returns.signal() }
            if !done { progress.wait() }
        }
    }

    private let observed = LockedState<[String: [@Sendable (String) -> Void]]>([:])
    private let writes = LockedState(0)
    private static let writerKey = "GatedDefaults.writer"

    var writeCount: Int { writes.withLock { $0 } }

    func observeKey(_ name: String, onChange: @escaping @Sendable (String) -> Void) {
        observed.withLock { $0[name, default: []].append(onChange) }
    }

    func startGatedWrite(store: DefaultsStore, _ operation: @escaping @Sendable (DefaultsStore) -> Void) -> Writer {
        let writer = Writer()
        Thread {
            Thread.current.threadDictionary[Self.writerKey] = writer
            operation(store)
            writer.done = true
            writer.progress.signal()
        }.start()
        return writer
    }

    private func gated(_ name: String, _ write: () -> Void) {
        let writer = Thread.current.threadDictionary[Self.writerKey] as? Writer
        let gate = writer.map { !$0.gateUsed } ?? false
        if gate, let writer {
            writer.gateUsed = true
            writer.progress.signal()
            writer.land.wait()
        }
        writes.withLock { $0 += 1 }
        locked(write)
        for observer in observed.withLock({ $0[name] ?? [] }) { observer(name) }
        if gate, let writer {
            writer.progress.signal()
            writer.returns.wait()
        }
    }

    override func set(_ value: Any?, forKey defaultName: String) {
        gated(defaultName) { super.set(value, forKey: defaultName) }
    }

    override func removeObject(forKey defaultName: String) {
        gated(defaultName) { super.removeObject(forKey: defaultName) }
    }

    override func object(forKey defaultName: String) -> Any? {
        locked { super.object(forKey: defaultName) }
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        withFoundationLockOncePerThread(body)
    }
}
