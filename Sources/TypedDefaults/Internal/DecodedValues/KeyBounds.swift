/// A key's declared bounds: which stored values its reads accept, and where a write outside them goes. Only declared
/// bounds count: a key with a minimum only has no upper bound to move a value to, and a half-open range has no
/// greatest value (a write at or above its end is not written).
struct KeyBounds<Value: Sendable>: Sendable {
    enum Placement {
        case inside
        case below(lowerBound: Value)
        case above(upperBound: Value)
        /// On no side of the bounds (NaN): there is no nearest bound.
        case unordered
        /// Outside, with no bound to move it to: at or past a half-open range's end, or outside a range of another
        /// kind.
        case outside
    }

    let place: @Sendable (Value) -> Placement
    /// The bounds as written in Swift (`10...24`, `0...`, `..<10`), for messages.
    let text: String

    init<Range: RangeExpression & Sendable>(_ range: Range) where Range.Bound == Value, Value: Comparable {
        switch range {
        case let closed as ClosedRange<Value>: self.init(lower: closed.lowerBound, upper: closed.upperBound, upperIsIncluded: true)
        case let from as PartialRangeFrom<Value>: self.init(lower: from.lowerBound, upper: nil, upperIsIncluded: true)
        case let through as PartialRangeThrough<Value>: self.init(lower: nil, upper: through.upperBound, upperIsIncluded: true)
        case let halfOpen as Swift.Range<Value>: self.init(lower: halfOpen.lowerBound, upper: halfOpen.upperBound, upperIsIncluded: false)
        case let upTo as PartialRangeUpTo<Value>: self.init(lower: nil, upper: upTo.upperBound, upperIsIncluded: false)
        default: self.init(place: { range.contains($0) ? .inside : .outside }, text: "\(range)")
        }
    }

    private init(place: @escaping @Sendable (Value) -> Placement, text: String) {
        self.place = place
        self.text = text
    }

    private init(lower: Value?, upper: Value?, upperIsIncluded: Bool) where Value: Comparable {
        let place: @Sendable (Value) -> Placement = { value in
            if let lower, value < lower { return .below(lowerBound: lower) }
            if let upper, upper < value { return upperIsIncluded ? .above(upperBound: upper) : .outside }
            if let upper, !upperIsIncluded, value == upper { return .outside }
            // Neither below nor above, and still not inside: unordered against a bound (NaN).
            if let lower, !(lower <= value) { return .unordered }
            if let upper, upperIsIncluded, !(value <= upper) { return .unordered }
            return .inside
        }
        self.init(place: place, text: (lower.map { "\($0)" } ?? "") + (upperIsIncluded ? "..." : "..<") + (upper.map { "\($0)" } ?? ""))
    }

    func contains(_ value: Value) -> Bool {
        if case .inside = place(value) { return true }
        return false
    }

    /// Where `value` goes by the subscript's rule: itself inside the bounds, else the nearest bound (`bound` names
    /// it), or nowhere (`nil`: NaN, or past a half-open end); `outside` says why in words ("below 0...10").
    func nearest(to value: Value) -> (value: Value?, outside: String?, bound: String?) {
        switch place(value) {
        case .inside: return (value, nil, nil)
        case .below(let lowerBound): return (lowerBound, "below \(text)", "lower bound")
        case .above(let upperBound): return (upperBound, "above \(text)", "upper bound")
        case .unordered: return (nil, "not a number, outside \(text)", nil)
        case .outside: return (nil, "outside \(text), with no bound to move it to", nil)
        }
    }
}

extension DefaultsStore {
    /// The subscript setter's write of a ranged key: the nearest bound for a value outside the range (reported),
    /// nothing for NaN. Out of line, as ``checkInRange(_:for:)`` is: the optional it makes needs its type's metadata.
    @inline(never)
    func setNearestInRange<Value>(_ value: Value, for key: DefaultsKey<Value>) throws {
        guard let value = valueInRange(value, for: key) else { return }
        try set(value, for: key)
    }

    /// Throws ``DefaultsError/outOfRange(_:)`` when `value` lies outside `key`'s bounds. Out of line: the bounds'
    /// generic placement needs its type's metadata, which an unspecialized `set` would otherwise look up on every
    /// write of every key.
    @inline(never)
    func checkInRange<Value>(_ value: Value, for key: DefaultsKey<Value>) throws {
        // The value itself stays out of the message, as every stored value does.
        if let outside = key.bounds?.nearest(to: value).outside { throw DefaultsError.outOfRange("\"\(key.name)\": \(outside)") }
    }

    /// `value`, or the nearest bound of `key`'s range when outside it, reported; `nil` (reported) for a value on no
    /// side of the range (NaN), which is not written.
    func valueInRange<Value>(_ value: Value, for key: DefaultsKey<Value>) -> Value? {
        guard let (nearest, outside, bound) = key.bounds?.nearest(to: value), let outside else { return value }
        let detail = outside + (bound.map { ": its \($0) stored" } ?? ": nothing stored")
        store(for: key).suite.failures.report(DefaultsFailure(.outOfRange, keyName: key.name, detail: detail))
        return nearest
    }
}
