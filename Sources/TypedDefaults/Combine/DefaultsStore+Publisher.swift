#if canImport(Combine)
import Combine

extension DefaultsStore {
    /// A publisher of `key`'s value in this store: the value at subscription, then each new value, in the order
    /// the writes happened (the changes ``updates(_:)`` sees). Values arrive on the thread that delivers the
    /// change, never under a lock of ours: add `.receive(on: DispatchQueue.main)` before touching UI.
    ///
    /// ```swift
    /// Defaults.publisher(for: .theme)
    ///     .receive(on: DispatchQueue.main)
    ///     .sink { [weak self] theme in self?.apply(theme) }
    ///     .store(in: &cancellables)
    /// ```
    ///
    /// Each subscription follows the key on its own, until it is cancelled. A subscriber that requests fewer
    /// values than come gets the newest when it asks again (the publisher keeps one, as `CurrentValueSubject`).
    public func publisher<Value: Sendable>(for key: DefaultsKey<Value>) -> AnyPublisher<Value, Never> {
        let home = store(for: key)
        return Deferred {
            // The observer hands on only what differs from the value at subscription.
            let (object, value) = home.currentForFollowing(key)
            let subject = SubjectForDeliveries(CurrentValueSubject<Value, Never>(value))
            let observation = home.follow(key, after: object) { subject.send($0) }
            return subject.subject.handleEvents(receiveCancel: { observation.cancel() })
        }
        .eraseToAnyPublisher()
    }
}

/// `@unchecked Sendable` because Combine's subjects are not marked `Sendable`: the observation calls ``send(_:)`` one
/// value at a time (a suite's deliveries run on one thread at a time), and Combine's subjects serialize their
/// subscribers' demand internally.
private final class SubjectForDeliveries<Value>: @unchecked Sendable {
    let subject: CurrentValueSubject<Value, Never>

    init(_ subject: CurrentValueSubject<Value, Never>) {
        self.subject = subject
    }

    func send(_ value: Value) {
        subject.send(value)
    }
}

extension Defaults {
    /// A publisher of `key`'s value in its store; see ``DefaultsStore/publisher(for:)``.
    public static func publisher<Value: Sendable>(for key: DefaultsKey<Value>) -> AnyPublisher<Value, Never> {
        key.defaultStore.publisher(for: key)
    }
}
#endif
