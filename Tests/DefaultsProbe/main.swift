// A child process for the runtime's cross-process tests: durability, reload from disk, launch arguments.
import Foundation
import TypedDefaults

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
    Defaults[.launchCount] += 1
    DefaultsStore.suite(arguments[1])[.launchCount] += 1
    print(Defaults[.launchCount], DefaultsStore.suite(arguments[1])[.launchCount])
case "reset-defaults":
    DefaultsStore(.standard).remove(.launchCount)
    store.remove(.launchCount)
default:
    FileHandle.standardError.write(Data("unknown command \(arguments[2])\n".utf8))
    exit(64)
}
