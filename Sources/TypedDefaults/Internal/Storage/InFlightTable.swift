/// The ledger's names with a call of ours in flight (``FoundationSuite``), as a short array searched in order.
///
/// It holds one entry per name being written right now, so almost always none or a few: comparing a name with each
/// costs less than hashing it on each of a write's visits (commit, then retire), and a removal keeps the array's
/// storage for the next write.
struct InFlightTable<Entry> {
    private var names: [String] = []
    private var entries: [Entry] = []

    var count: Int { names.count }

    /// Names are compared byte for byte, as Foundation compares keys: `==` calls two spellings of one text equal
    /// (`"é"` and `"e\u{301}"`), which `UserDefaults` keeps apart.
    func index(of name: String) -> Int? {
        names.firstIndex { $0.utf8.elementsEqual(name.utf8) }
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

    /// Two spellings of one text are one key of a Swift dictionary: the later entry is kept.
    func mapValues<Value>(_ transform: (Entry) -> Value) -> [String: Value] {
        Dictionary(zip(names, entries.map(transform)), uniquingKeysWith: { _, later in later })
    }
}
