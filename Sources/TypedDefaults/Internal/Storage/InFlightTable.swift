/// The ledger's names with a call of ours in flight (``FoundationSuite``), as a short array searched in order.
///
/// It holds one entry per name being written right now, so almost always none or a few: comparing a name with each
/// (equal names usually share their storage, which `==` checks first) costs less than hashing it on each of a
/// write's visits (commit, then retire), and a removal keeps the array's storage for the next write.
struct InFlightTable<Entry> {
    private var names: [String] = []
    private var entries: [Entry] = []

    var count: Int { names.count }

    subscript(name: String) -> Entry? {
        get {
            guard let index = names.firstIndex(of: name) else { return nil }
            return entries[index]
        }
        set {
            let index = names.firstIndex(of: name)
            switch (index, newValue) {
            case (let index?, let entry?):
                entries[index] = entry
            case (let index?, nil):
                names.swapAt(index, names.count - 1)
                entries.swapAt(index, entries.count - 1)
                names.removeLast()
                entries.removeLast()
            case (nil, let entry?):
                names.append(name)
                entries.append(entry)
            case (nil, nil):
                break
            }
        }
    }

    /// Changes every entry in place.
    mutating func updateEach(_ change: (inout Entry) -> Void) {
        for index in entries.indices { change(&entries[index]) }
    }

    func mapValues<Value>(_ transform: (Entry) -> Value) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: zip(names, entries.map(transform)))
    }
}
