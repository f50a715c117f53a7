import Foundation

/// Collects the first `count` elements of `sequence`, or what came before `timeout` ran out: a test that waits
/// on a stream fails (its expectation sees too few elements) instead of hanging CI.
public func firstValues<Element: Sendable>(
    _ count: Int, of sequence: AsyncStream<Element>, timeout: Duration = .seconds(20)
) async -> [Element] {
    let collected = Collected<Element>()
    await withTaskGroup(of: Void.self) { group in
        group.addTask {
            for await element in sequence {
                if collected.append(element) >= count { break }
            }
        }
        group.addTask { try? await Task.sleep(for: timeout) }
        // Whichever finishes first ends the other: the stream's loop stops at cancellation.
        await group.next()
        group.cancelAll()
    }
    return collected.elements
}

/// Waits until `condition` holds, polling every 10 ms, for at most `timeout`; returns whether it held.
public func waitUntil(timeout: Duration = .seconds(20), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return true
}

private final class Collected<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Element] = []

    func append(_ element: Element) -> Int {
        lock.lock()
        defer { lock.unlock() }
        storage.append(element)
        return storage.count
    }

    var elements: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
