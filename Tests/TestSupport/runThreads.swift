import Foundation

/// Runs `body(0)`, `body(1)`, … `body(count - 1)` on `count` threads of their own, started together, and waits for
/// them at most `timeout` seconds, without holding a thread of the cooperative pool (other tests go on meanwhile).
/// Returns whether all of them finished: a deadlock fails the test that asked, instead of hanging CI (the stuck
/// threads are left behind; the test process still ends).
public func runThreads(_ count: Int, timeout: TimeInterval = 30, _ body: @escaping @Sendable (Int) -> Void) async -> Bool {
    let finished = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for index in 0..<count {
        finished.enter()
        let thread = Thread {
            start.wait()
            body(index)
            finished.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    for _ in 0..<count { start.signal() }
    let answer = Once()
    return await withCheckedContinuation { continuation in
        finished.notify(queue: .global()) { if answer.claim() { continuation.resume(returning: true) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            if answer.claim() { continuation.resume(returning: false) }
        }
    }
}

/// True for the first caller only.
private final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false

    func claim() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if claimed { return false }
        claimed = true
        return true
    }
}
