import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The elements that collection reads on this thread left out, so that the store which asked for the read reports
/// them for its key: the decoders (`fromDefaultsObject`) know neither the key nor the store. Kept in the
/// thread-local slot's pointer bits, so it allocates nothing.
enum ElementDropTally {
    static func add(_ count: Int) {
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: current + count))
    }

    /// `leftOut` counts nested collections' elements too.
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
