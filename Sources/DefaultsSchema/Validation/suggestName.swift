/// "Did you mean" for a misspelt field: the closest known name within a small edit distance.
package func suggestion(for name: String, among candidates: [String]) -> String? {
    let limit = max(1, min(2, name.count / 3))
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(name.lowercased(), candidate.lowercased())
        if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    return best?.name
}

/// The Damerau–Levenshtein (optimal string alignment) distance, so `defualt` is one edit from `default`.
func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs), b = Array(rhs)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], previousPrevious[j - 2] + 1)
            }
        }
        (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
}

/// The unknown-field message: what is allowed, and the likely intended name (``Messages/Suggestions``).
func unknownFieldMessage(_ name: String, in place: String, allowed: [String]) -> String {
    Messages.Suggestions.unknownField(name, in: place, allowed: allowed)
}
