/// The ledger's names with a call of ours in flight (``FoundationSuite``), as a short array searched in order.
///
/// It holds one entry per name being written right now, so almost always none or a few: comparing a name with each
/// (equal names usually share their storage, which `==` checks first) costs less than hashing it on each of a
/// write's visits (commit, then retire), and a removal keeps the array's storage for the next write.
struct InFlightTable<Entry> {
    private var names: [String] = []
    private var entries: [Entry] = []

    var count: Int { names.count }

    func index(of name: String) -> Int? {
        names.firstIndex(of: name)
    }

    /// Reads or changes the entry at `index` in place (no copy of it in and out).
    mutating func modify<Result>(at index: Int, _ body: (inout Entry) -> Result) -> Result {
        body(&entries[index])
    }

    mutating func append(_ name: String, _ entry: Entry) {
        names.append(name)
        entries.append(entry)
    }

    /// Order is not kept: the last entry takes the removed one's place.
    mutating func remove(at index: Int) {
        names.swapAt(index, names.count - 1)
        entries.swapAt(index, entries.count - 1)
        names.removeLast()
        entries.removeLast()
    }

    /// The entry of `name`, read.
    subscript(name: String) -> Entry? {
        index(of: name).map { entries[$0] }
    }

    /// Changes every entry in place.
    mutating func updateEach(_ change: (inout Entry) -> Void) {
        for index in entries.indices { change(&entries[index]) }
    }

    func mapValues<Value>(_ transform: (Entry) -> Value) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: zip(names, entries.map(transform)))
    }
}
