import Foundation

/// The command line of a run.
struct SoakOptions {
    var seconds = 60.0
    var threads = 8
    var seed: UInt64 = UInt64(Date().timeIntervalSince1970)

    init(_ arguments: [String]) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let value = remaining.popFirst() ?? ""
            switch argument {
            case "--seconds": seconds = Double(value) ?? seconds
            case "--threads": threads = max(2, Int(value) ?? threads)
            case "--seed": seed = UInt64(value) ?? seed
            default: print("defaults-soak: ignoring \(argument)")
            }
        }
    }
}

/// What broke, kept in the order found (the first few are printed).
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    private var total = 0

    func record(_ message: String) {
        lock.lock()
        defer { lock.unlock() }
        total += 1
        if messages.count < 20 { messages.append(message) }
    }

    var count: Int { lock.lock(); defer { lock.unlock() }; return total }
    var first: [String] { lock.lock(); defer { lock.unlock() }; return messages }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    @discardableResult
    func add(_ amount: Int = 1) -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += amount
        return value
    }

    var current: Int { lock.lock(); defer { lock.unlock() }; return value }
}

/// A small, fast, seeded generator (SplitMix64): each thread has its own.
struct SoakRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
