import Foundation

/// Whether two stored property-list objects hold the same value, looking through Linux's `Optional<Any>`
/// collection elements and comparing numbers by value. Used to report each change to observers once.
package func storedObjectsEqual(_ lhs: Any?, _ rhs: Any?) -> Bool {
    switch (lhs.flatMap(unwrapStored), rhs.flatMap(unwrapStored)) {
    case (nil, nil): return true
    case (nil, _), (_, nil): return false
    case let (left?, right?): return nonNilObjectsEqual(left, right)
    }
}

private func nonNilObjectsEqual(_ left: Any, _ right: Any) -> Bool {
    if let left = left as? String { return (right as? String) == left }
    if let left = left as? Data { return (right as? Data) == left }
    if let left = left as? Date { return (right as? Date) == left }
    if let left = storedDictionaryMembers(left) {
        guard let right = storedDictionaryMembers(right), left.count == right.count else { return false }
        return left.allSatisfy { key, value in right[key].map { storedObjectsEqual(value, $0) } ?? false }
    }
    if let left = storedArrayElements(left) {
        guard let right = storedArrayElements(right), left.count == right.count else { return false }
        return zip(left, right).allSatisfy { storedObjectsEqual($0, $1) }
    }
    switch (StoredNumber(left), StoredNumber(right)) {
    case let (.signed(a)?, .signed(b)?): return a == b
    case let (.unsigned(a)?, .unsigned(b)?): return a == b
    case let (.floating(a)?, .floating(b)?): return a == b || (a.isNaN && b.isNaN)
    case let (.signed(a)?, .unsigned(b)?), let (.unsigned(b)?, .signed(a)?): return a >= 0 && UInt64(a) == b
    default: return false
    }
}
