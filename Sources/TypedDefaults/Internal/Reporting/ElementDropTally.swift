import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The elements that collection reads on this thread left out, so that the store which asked for the read reports
/// them for its key: the decoding functions (`fromDefaultsObject`) know neither the key nor the store.
///
/// A thread-local count in the slot's pointer bits (no allocation): only keys of collection types read through it
/// (``DefaultsKeys/readsOutOfLine``), and only a read that leaves something out writes it.
enum ElementDropTally {
    /// Counts `count` elements left out by a read on this thread.
    static func add(_ count: Int) {
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: current + count))
    }

    /// What `body` returns, and how many elements the reads inside it left out (nested collections' too).
    static func counting<Result>(_ body: () -> Result) -> (result: Result, leftOut: Int) {
        let before = current
        let result = body()
        return (result, current - before)
    }

    private static var current: Int {
        pthread_getspecific(key).map { Int(bitPattern: $0) } ?? 0
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()
}
