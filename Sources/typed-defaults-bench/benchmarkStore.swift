import Foundation
import TypedDefaults

enum BenchTheme: String, DefaultsSerializable { case light, dark, system }

/// A Codable struct of four fields, stored by the store as a property-list tree.
struct BenchProfile: Codable, Equatable, DefaultsSerializable {
    var name: String
    var age: Int
    var score: Double
    var tags: [String]

    static let sample = BenchProfile(name: "Ada", age: 36, score: 0.75, tags: ["math", "engines"])
}

/// A fresh suite for one benchmark run, removed at the end.
final class BenchSuite {
    let name = "typeddefaults.bench.\(UUID().uuidString)"
    let defaults: UserDefaults
    let store: DefaultsStore

    init() {
        defaults = UserDefaults(suiteName: name)!
        store = DefaultsStore(defaults)
    }

    func remove() {
        try? DefaultsStore.removeSuite(named: name)
    }
}

/// 1. Typed store against hand-written raw UserDefaults, get and set, per type.
func benchmarkStoreAgainstRaw(repetitions: Int, iterations: Int) -> Bool {
    let suite = BenchSuite()
    defer { suite.remove() }
    let store = suite.store, raw = suite.defaults
    let jsonEncoder = JSONEncoder(), jsonDecoder = JSONDecoder()
    var allMet = true
    let table = Table("1. Typed store vs raw UserDefaults (ns per operation, median of \(repetitions) × \(iterations))",
                      columns: ["type", "get typed", "get raw", "get ratio", "set typed", "set raw", "set ratio", "target ≤ 1.10 (plist types)"])

    func row<Value>(_ label: String, key: DefaultsKey<Value>, value: Value, plist: Bool,
                    rawGet: @escaping () -> Void, rawSet: @escaping () -> Void) {
        store[key] = value
        let get = compare(repetitions: repetitions, iterations: iterations, { consume(store[key]) }, rawGet)
        let set = compare(repetitions: repetitions, iterations: iterations, { store[key] = value }, rawSet)
        let getRatio = get.first / get.second, setRatio = set.first / set.second
        let met = !plist || (getRatio <= 1.10 && setRatio <= 1.10)
        if plist { allMet = allMet && met }
        table.row(label, format(get.first), format(get.second), format(getRatio, decimals: 2),
                  format(set.first), format(set.second), format(setRatio, decimals: 2), plist ? verdict(met) : "(not a plist type)")
    }

    raw.set(1, forKey: "raw.int"); raw.set(0.5, forKey: "raw.double"); raw.set(true, forKey: "raw.bool")
    raw.set("text", forKey: "raw.string"); raw.set(["a", "b", "c"], forKey: "raw.array")
    raw.set(["a": 1, "b": 2], forKey: "raw.dict"); raw.set("dark", forKey: "raw.enum")
    raw.set(try! jsonEncoder.encode(BenchProfile.sample), forKey: "raw.codable")

    row("Int", key: DefaultsKey<Int>("typed.int", default: 0), value: 1, plist: true,
        rawGet: { consume(raw.integer(forKey: "raw.int")) }, rawSet: { raw.set(1, forKey: "raw.int") })
    row("Double", key: DefaultsKey<Double>("typed.double", default: 0), value: 0.5, plist: true,
        rawGet: { consume(raw.double(forKey: "raw.double")) }, rawSet: { raw.set(0.5, forKey: "raw.double") })
    row("Bool", key: DefaultsKey<Bool>("typed.bool", default: false), value: true, plist: true,
        rawGet: { consume(raw.bool(forKey: "raw.bool")) }, rawSet: { raw.set(true, forKey: "raw.bool") })
    row("String", key: DefaultsKey<String>("typed.string", default: ""), value: "text", plist: true,
        rawGet: { consume(raw.string(forKey: "raw.string") ?? "") }, rawSet: { raw.set("text", forKey: "raw.string") })
    row("[String]", key: DefaultsKey<[String]>("typed.array", default: []), value: ["a", "b", "c"], plist: true,
        rawGet: { consume(raw.stringArray(forKey: "raw.array") ?? []) }, rawSet: { raw.set(["a", "b", "c"], forKey: "raw.array") })
    row("[String: Int]", key: DefaultsKey<[String: Int]>("typed.dict", default: [:]), value: ["a": 1, "b": 2], plist: true,
        rawGet: { consume(raw.dictionary(forKey: "raw.dict") as? [String: Int] ?? [:]) },
        rawSet: { raw.set(["a": 1, "b": 2], forKey: "raw.dict") })
    row("String enum", key: DefaultsKey<BenchTheme>("typed.enum", default: .light), value: .dark, plist: true,
        rawGet: { consume(raw.string(forKey: "raw.enum").flatMap(BenchTheme.init(rawValue:)) ?? .light) },
        rawSet: { raw.set(BenchTheme.dark.rawValue, forKey: "raw.enum") })
    row("Codable (4 fields)", key: DefaultsKey<BenchProfile?>("typed.codable"), value: BenchProfile.sample, plist: false,
        rawGet: { consume(raw.data(forKey: "raw.codable").flatMap { try? jsonDecoder.decode(BenchProfile.self, from: $0) }) },
        rawSet: { raw.set(try! jsonEncoder.encode(BenchProfile.sample), forKey: "raw.codable") })
    let absent = DefaultsKey<String?>("typed.absent")
    let get = compare(repetitions: repetitions, iterations: iterations, { consume(store[absent]) }, { consume(raw.string(forKey: "raw.absent")) })
    let ratio = get.first / get.second
    allMet = allMet && ratio <= 1.10
    table.row("String? (absent)", format(get.first), format(get.second), format(ratio, decimals: 2), "–", "–", "–", verdict(ratio <= 1.10))
    // Through `Defaults[...]`: the standard store is looked up on each use (a task-local read for isolation
    // scopes, an atomic load for in-memory mode) and the key's name watch is checked.
    let standardKey = DefaultsKey<Int>("typeddefaults.bench.standard", default: 0)
    Defaults[standardKey] = 1
    UserDefaults.standard.set(1, forKey: "typeddefaults.bench.raw")
    let viaDefaults = compare(repetitions: repetitions, iterations: iterations, { consume(Defaults[standardKey]) },
                              { consume(UserDefaults.standard.integer(forKey: "typeddefaults.bench.raw")) })
    let viaDefaultsRatio = viaDefaults.first / viaDefaults.second
    allMet = allMet && viaDefaultsRatio <= 1.10
    table.row("Int via Defaults[...] (standard suite)", format(viaDefaults.first), format(viaDefaults.second),
              format(viaDefaultsRatio, decimals: 2), "–", "–", "–", verdict(viaDefaultsRatio <= 1.10))
    DefaultsStore.standard.remove(standardKey)
    UserDefaults.standard.removeObject(forKey: "typeddefaults.bench.raw")
    return allMet
}

/// 2. Codable through the store against the TSUD technique (PropertyListEncoder + PropertyListSerialization).
func benchmarkCodableAgainstTSUD(repetitions: Int, iterations: Int) -> Bool {
    let suite = BenchSuite()
    defer { suite.remove() }
    let store = suite.store, raw = suite.defaults
    let key = DefaultsKey<BenchProfile?>("typed.codable")
    store[key] = BenchProfile.sample
    func tsudSet(_ value: BenchProfile) {
        let data = try! PropertyListEncoder().encode(value)
        let object = try! PropertyListSerialization.propertyList(from: data, format: nil)
        raw.set(object, forKey: "tsud.codable")
    }
    func tsudGet() -> BenchProfile? {
        guard let object = raw.object(forKey: "tsud.codable"),
            let data = try? PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        else { return nil }
        return try? PropertyListDecoder().decode(BenchProfile.self, from: data)
    }
    tsudSet(BenchProfile.sample)
    precondition(tsudGet() == BenchProfile.sample && store[key] == BenchProfile.sample)
    let get = compare(repetitions: repetitions, iterations: iterations, { consume(store[key]) }, { consume(tsudGet()) })
    let set = compare(repetitions: repetitions, iterations: iterations, { store[key] = BenchProfile.sample }, { tsudSet(BenchProfile.sample) })
    let table = Table("2. Codable struct: store vs the TSUD technique (ns per operation)",
                      columns: ["operation", "store", "TSUD", "speed-up", "target ≥ 5×"])
    table.row("get", format(get.first), format(get.second), format(get.second / get.first, decimals: 1) + "×", verdict(get.second / get.first >= 5))
    table.row("set", format(set.first), format(set.second), format(set.second / set.first, decimals: 1) + "×", verdict(set.second / set.first >= 5))
    return get.second / get.first >= 5 && set.second / set.first >= 5
}

/// 3. The in-memory store, against a dictionary behind a lock (what a store in memory cannot beat), and the reads
/// of an unchanged collection and record, which return the value decoded last time (issue 42's targets).
func benchmarkInMemory(repetitions: Int, iterations: Int) -> Bool {
    let store = DefaultsStore.inMemory()
    let int = DefaultsKey<Int>("int", default: 0), string = DefaultsKey<String>("string", default: "")
    let strings = DefaultsKey<[String]>("strings", default: []), profile = DefaultsKey<BenchProfile?>("profile")
    store[int] = 1
    store[string] = "text"
    store[strings] = ["a", "b", "c"]
    store[profile] = .sample
    let lock = NSLock()
    var dictionary: [String: Any] = ["int": 1, "string": "text", "strings": ["a", "b", "c"]]
    var next = 0
    let ints = compare(repetitions: repetitions, iterations: iterations, { consume(store[int]) },
                       { lock.lock(); consume(dictionary["int"] as? Int ?? 0); lock.unlock() })
    let intSets = compare(repetitions: repetitions, iterations: iterations, { next &+= 1; store[int] = next },
                          { next &+= 1; lock.lock(); dictionary["int"] = next; lock.unlock() })
    let stringReads = compare(repetitions: repetitions, iterations: iterations, { consume(store[string]) },
                              { lock.lock(); consume(dictionary["string"] as? String ?? ""); lock.unlock() })
    let collection = compare(repetitions: repetitions, iterations: iterations, { consume(store[strings]) }, { consume(store[int]) })
    let record = compare(repetitions: repetitions, iterations: iterations, { consume(store[profile]) }, { consume(store[int]) })
    let table = Table("3. In-memory store (ns per operation, median of \(repetitions) × \(iterations))",
                      columns: ["operation", "store", "baseline", "ratio", "target"])
    let intRatio = ints.first / ints.second
    table.row("Int get", format(ints.first), format(ints.second) + " (locked dictionary)", format(intRatio, decimals: 2),
              "≤ 1.5×: " + verdict(intRatio <= 1.5))
    table.row("Int set", format(intSets.first), format(intSets.second) + " (locked dictionary)",
              format(intSets.first / intSets.second, decimals: 2), "–")
    table.row("String get", format(stringReads.first), format(stringReads.second) + " (locked dictionary)",
              format(stringReads.first / stringReads.second, decimals: 2), "–")
    let collectionRatio = collection.first / collection.second, recordRatio = record.first / record.second
    table.row("[String] (3) get, unchanged", format(collection.first), format(collection.second) + " (Int get)",
              format(collectionRatio, decimals: 2), "≤ 3× the scalar read: " + verdict(collectionRatio <= 3))
    table.row("record (4 fields) get, unchanged", format(record.first), format(record.second) + " (Int get)",
              format(recordRatio, decimals: 2), "≤ 3× the scalar read: " + verdict(recordRatio <= 3))
    return intRatio <= 1.5 && collectionRatio <= 3 && recordRatio <= 3
}

/// 4. The cost of durability: a burst of writes through the store (including its one coalesced save) against
/// raw sets that are never saved, and against a `synchronize()` after every set.
func benchmarkDurability(repetitions: Int, writes: Int, synchronizedWrites: Int) -> Bool {
    let key = DefaultsKey<Int>("burst", default: 0)
    var storeTimes: [Double] = [], rawTimes: [Double] = [], syncTimes: [Double] = []
    for _ in 0..<repetitions {
        let suite = BenchSuite()
        storeTimes.append(medianMilliseconds(repetitions: 1) {
            for index in 0..<writes { suite.store[key] = index }
            DefaultsStore.flush()
        })
        rawTimes.append(medianMilliseconds(repetitions: 1) {
            for index in 0..<writes { suite.defaults.set(index, forKey: "raw.burst") }
        })
        syncTimes.append(medianMilliseconds(repetitions: 1) {
            for index in 0..<synchronizedWrites {
                suite.defaults.set(index, forKey: "sync.burst")
                suite.defaults.synchronize()
            }
        } * Double(writes) / Double(synchronizedWrites))
        suite.remove()
    }
    let storeTime = median(storeTimes), rawTime = median(rawTimes), syncTime = median(syncTimes)
    let table = Table("4. Durability: \(writes) writes in a burst (ms, median of \(repetitions))",
                      columns: ["method", "ms", "vs raw sets", "target: store ≤ 1.5× raw"])
    table.row("store (coalesced save included)", format(storeTime, decimals: 1), format(storeTime / rawTime, decimals: 2) + "×", verdict(storeTime / rawTime <= 1.5))
    table.row("raw set, never saved (data lost on Linux)", format(rawTime, decimals: 1), "1.00×", "")
    table.row("raw set + synchronize() each (extrapolated from \(synchronizedWrites))", format(syncTime, decimals: 0), format(syncTime / rawTime, decimals: 0) + "×", "")
    return storeTime / rawTime <= 1.5
}
