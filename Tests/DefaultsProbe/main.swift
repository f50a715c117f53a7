// A child process for the runtime's cross-process tests: durability, reload from disk, launch arguments.
import Foundation
import Observation
import TypedDefaults

/// What a watcher saw: an Observation invalidation and an `updates` value.
final class WatchResult: @unchecked Sendable {
    private let lock = NSLock()
    private var wasTracked = false
    private var wasStreamed = false
    func tracked() { lock.lock(); wasTracked = true; lock.unlock() }
    func streamed() { lock.lock(); wasStreamed = true; lock.unlock() }
    var both: Bool { lock.lock(); defer { lock.unlock() }; return wasTracked && wasStreamed }
}

extension DefaultsKeys {
    static let probeCount = DefaultsKey<Int>("probeCount", default: -1)
    static let probeIntMax = DefaultsKey<Int>("probeIntMax", default: 0)
    static let probeIntMin = DefaultsKey<Int>("probeIntMin", default: 0)
    static let probeUInt64Max = DefaultsKey<UInt64>("probeUInt64Max", default: 0)
    static let probeFloat = DefaultsKey<Float>("probeFloat", default: 0)
    static let probeNaN = DefaultsKey<Double>("probeNaN", default: 0)
    static let probeInfinity = DefaultsKey<Double>("probeInfinity", default: 0)
    static let probeDate = DefaultsKey<Date>("probe.date", default: Date(timeIntervalSince1970: 0))
    static let probeStrings = DefaultsKey<[String: [String]]>("probeStrings", default: [:])
    static let volume = DefaultsKey<Double>("volume", default: 0.5)
    static let enabled = DefaultsKey<Bool>("enabled", default: false)
    static let launchCount = DefaultsKey<Int>("launchCount", default: 0)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, let suite = UserDefaults(suiteName: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: defaults-probe SUITE COMMAND [VALUE]\n".utf8))
    exit(64)
}
let store = DefaultsStore(suite)
switch arguments[2] {
case "write":
    // Writes, reports it, then exits normally (the atexit save must run).
    store[.probeCount] = Int(arguments[3]) ?? 0
    print("written")
case "write-and-wait":
    // Writes, reports it, then waits to be killed: the periodic save must have run by then.
    store[.probeCount] = Int(arguments[3]) ?? 0
    print("written")
    fflush(nil)
    while true { sleep(60) }
case "read":
    print(store[.probeCount])
case "write-edges":
    store[.probeIntMax] = .max
    store[.probeIntMin] = .min
    store[.probeUInt64Max] = .max
    store[.probeFloat] = 0.1
    store[.probeNaN] = .nan
    store[.probeInfinity] = -.infinity
    store[.probeStrings] = ["ключ \u{1F600}": ["\"quoted\"", "back\\slash", "\u{202E}bidi", ""]]
case "read-edges":
    print(store[.probeIntMax], store[.probeIntMin], store[.probeUInt64Max], store[.probeFloat] == Float(0.1),
          store[.probeNaN].isNaN, store[.probeInfinity])
    print(store[.probeStrings] == ["ключ \u{1F600}": ["\"quoted\"", "back\\slash", "\u{202E}bidi", ""]])
case "write-date":
    store[.probeDate] = Date(timeIntervalSince1970: 1_234_567.5)
case "read-date":
    print(store[.probeDate].timeIntervalSince1970)
case "read-arguments":
    print(store[.volume], store[.enabled], store[.launchCount])
case "count-defaults":
    // Counts a launch through the stores reached without naming a UserDefaults object, which
    // `-TypedDefaultsInMemory YES` and `--use-in-memory` (`useInMemoryStores()`) make in-memory ones.
    if arguments.contains("--use-in-memory") { DefaultsStore.useInMemoryStores() }
    if arguments.contains("--use-real-stores") { DefaultsStore.useRealStores() }
    Defaults[.launchCount] += 1
    DefaultsStore.suite(arguments[1])[.launchCount] += 1
    print(Defaults[.launchCount], DefaultsStore.suite(arguments[1])[.launchCount])
case "reset-defaults":
    DefaultsStore(.standard).remove(.launchCount)
    store.remove(.launchCount)
case "write-keys":
    // write-keys PREFIX COUNT: PREFIX0...PREFIX<COUNT-1> = their index, about 2 ms apart, through the named suite.
    let named = DefaultsStore.suite(arguments[1])
    for index in 0..<(Int(arguments[4]) ?? 0) {
        named[DefaultsKey<Int>("\(arguments[3])\(index)", default: -1)] = index
        usleep(2_000)
    }
    print("done")
case "write-same":
    // write-same TAG COUNT: "shared" = "TAG-0" ... "TAG-<COUNT-1>", saving after each.
    let named = DefaultsStore.suite(arguments[1])
    let shared = DefaultsKey<String?>("shared")
    for index in 0..<(Int(arguments[4]) ?? 0) {
        named[shared] = "\(arguments[3])-\(index)"
        DefaultsStore.flush()
    }
    print("done")
case "save-forever":
    // save-forever PREFIX: writes PREFIX0, PREFIX1, ... and saves after each, until killed.
    let named = DefaultsStore.suite(arguments[1])
    print("started")
    fflush(nil)
    var index = 0
    while true {
        named[DefaultsKey<Int>("\(arguments[3])\(index)", default: -1)] = index
        DefaultsStore.flush()
        index += 1
    }
case "write-until":
    // write-until PREFIX STOPFILE: PREFIX0, PREFIX1, ... = their index, saving after each, until STOPFILE exists,
    // then 20 more; prints how many it wrote.
    let named = DefaultsStore.suite(arguments[1])
    print("started")
    fflush(nil)
    var index = 0, afterStop = 0
    while afterStop < 20 {
        if FileManager.default.fileExists(atPath: arguments[4]) { afterStop += 1 }
        named[DefaultsKey<Int>("\(arguments[3])\(index)", default: -1)] = index
        DefaultsStore.flush()
        index += 1
    }
    print(index)
case "remove":
    // Removes the suite, files included.
    try DefaultsStore.removeSuite(named: arguments[1])
case "remove-and-recreate":
    // remove-and-recreate COUNT: COUNT times, removes the suite (its files with it) and writes "recreated" = the
    // round, saved, which makes the suite again.
    let named = DefaultsStore.suite(arguments[1])
    for round in 0..<(Int(arguments[3]) ?? 0) {
        try DefaultsStore.removeSuite(named: arguments[1])
        named[DefaultsKey<Int>("recreated", default: -1)] = round
        DefaultsStore.flush()
    }
    print("done")
case "count-keys":
    // count-keys PREFIX COUNT: how many of PREFIX0...PREFIX<COUNT-1> hold their index.
    let named = DefaultsStore.suite(arguments[1])
    let count = Int(arguments[4]) ?? 0
    print((0..<count).filter { index in named[DefaultsKey<Int>("\(arguments[3])\(index)", default: -1)] == index }.count)
case "raw-write":
    // raw-write NAME VALUE: through UserDefaults alone, as code that does not use the stores does.
    suite.set(arguments[4], forKey: arguments[3])
    suite.synchronize()
case "read-string":
    print(DefaultsStore.suite(arguments[1])[DefaultsKey<String?>(arguments[3])] ?? "nil")
case "watch":
    // watch NAME VALUE: waits (at most 10 s) until NAME holds VALUE, written by another process; says how it was seen.
    let named = DefaultsStore.suite(arguments[1])
    let key = DefaultsKey<String?>(arguments[3])
    let seen = WatchResult()
    withObservationTracking { _ = named[key] } onChange: { seen.tracked() }
    // Detached: top-level code holds the main actor, which the waiting loop below never gives up.
    let task = Task.detached {
        for await value in named.updates(key) where value == arguments[4] {
            seen.streamed()
            return
        }
    }
    print("watching")
    fflush(nil)
    let start = Date()
    while !(seen.both && named[key] == arguments[4]), Date().timeIntervalSince(start) < 10 { usleep(10_000) }
    task.cancel()
    print(seen.both ? "seen after \(Int(Date().timeIntervalSince(start) * 1000)) ms" : "not seen")
default:
    FileHandle.standardError.write(Data("unknown command \(arguments[2])\n".utf8))
    exit(64)
}
