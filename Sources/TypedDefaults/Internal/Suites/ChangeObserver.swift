import Foundation

/// What an `updates` observer is to be told, queued in write order.
enum Delivery {
    /// A written value (`nil`: removed), numbered in the order the suite's observers are told.
    case value(Any?, sequence: UInt64, to: [ChangeObserver])
    /// The value when the observer was added.
    case first(Any?, sequence: UInt64, to: ChangeObserver)
    /// The name may have changed outside the stores: read it again.
    case check(String)
    /// Observation trackers are to be told. One thread at a time: two threads invalidating one tracker at once
    /// would both run its `onChange`, and a handler that registers again (as SwiftUI does) would double with every
    /// write.
    case tracked(KeyPath<SuiteTracking, Int>)
}

/// A sync that keeps names of suites in step with a cloud store, told of what the suites write.
package protocol SuiteSyncListener: AnyObject, Sendable {
    /// Called in the write order, for every write that did not come from a sync: it may take only leaf locks.
    func suiteDidWrite(_ suite: Suite, _ written: [WrittenValue])
    /// Called with no lock of ours held, possibly from a Foundation callback: it must not wait for the write order.
    func suiteValuesChangedOutside(_ suite: Suite, _ names: [String])
}

/// One value written under a suite's lock: what observers, trackers and aliases are told.
package struct WrittenValue {
    package var name: String
    package var object: Any?
    /// `nil` for a write made without a key.
    var trackingPath: KeyPath<SuiteTracking, Int>?
    /// `false` for a key not marked for iCloud, so that its writes cost a running sync nothing; `true` without a key
    /// (the sync looks the name up).
    package var maySync = true

    package init(_ key: DefaultsKeys, _ object: Any?) {
        self.name = key.name
        self.object = object
        self.trackingPath = key.trackingPath
        self.maySync = key.syncsWithICloud
    }

    package init(name: String, _ object: Any?) {
        self.name = name
        self.object = object
    }
}

/// One running `updates(_:)` sequence: yields each new value of its key, once per change, in write order.
///
/// Its methods run on the thread that runs its suite's deliveries, one at a time (``Suite/runDeliveries()``).
final class ChangeObserver: @unchecked Sendable {
    let name: String
    private let yieldObject: @Sendable (Any?) -> Void
    /// For a managed key, the administrator's value (while there is one) in place of the suite's object.
    private let effectiveObject: (@Sendable (Any?) -> Any?)?
    private var lastObject: Any?
    private var hasYielded = false
    /// The newest write this observer was told of: an older one arriving later is not yielded.
    private var lastSequence: UInt64 = 0

    /// `alreadyYielded`: an object its owner has already handed on (read before the observer was added), so that
    /// the first delivery yields only if it differs.
    init(name: String, alreadyYielded: Any?? = .none, effectiveObject: (@Sendable (Any?) -> Any?)? = nil,
         yieldObject: @escaping @Sendable (Any?) -> Void) {
        self.name = name
        self.yieldObject = yieldObject
        self.effectiveObject = effectiveObject
        if case .some(let object) = alreadyYielded {
            hasYielded = true
            lastObject = object
        }
    }

    /// Yields `object` only if it is newer than, and differs from, what was yielded.
    func receive(_ object: Any?, sequence: UInt64) {
        guard !hasYielded || sequence > lastSequence || lastSequence == 0 else { return }
        lastSequence = sequence
        yieldIfChanged(object)
    }

    /// A value read in the write order right after the suite's `sequence`-th write (a change made outside the
    /// stores may be in it): writes up to it that are still queued are older, and are not yielded.
    func receiveChecked(_ object: Any?, sequence: UInt64) {
        guard !hasYielded || sequence >= lastSequence else { return }
        lastSequence = sequence
        yieldIfChanged(object)
    }

    private func yieldIfChanged(_ object: Any?) {
        let object = effectiveObject.map { $0(object) } ?? object
        if hasYielded && storedObjectsEqual(object, lastObject) { return }
        hasYielded = true
        lastObject = object
        yieldObject(object)
    }
}
