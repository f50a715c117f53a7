/// A key's declared bounds: which stored values its reads accept, and where a write outside them goes. Only declared
/// bounds count: a key with a minimum only has no upper bound to move a value to.
struct KeyBounds<Value: Sendable>: Sendable {
    /// Where a value lies against the bounds.
    enum Placement {
        case inside
        case below(lowerBound: Value)
        case above(upperBound: Value)
        /// On no side of them (NaN): there is no nearest bound.
        case unordered
    }

    /// Where `value` lies.
    let place: @Sendable (Value) -> Placement
    /// The bounds as written in Swift (`10...24`, `0...`), for messages.
    let text: String

    init(lower: Value?, upper: Value?) where Value: Comparable {
        place = { value in
            if let lower, value < lower { return .below(lowerBound: lower) }
            if let upper, upper < value { return .above(upperBound: upper) }
            // Neither below nor above, and still not inside: unordered against a bound.
            if let lower, !(lower <= value) { return .unordered }
            if let upper, !(value <= upper) { return .unordered }
            return .inside
        }
        text = (lower.map { "\($0)" } ?? "") + "..." + (upper.map { "\($0)" } ?? "")
    }

    /// Whether `value` lies inside.
    func contains(_ value: Value) -> Bool {
        if case .inside = place(value) { return true }
        return false
    }
}
