/// Where a key declared with a suite lives among the real stores (the family of `DefaultsStore.standard` and
/// `DefaultsStore.suite(_:)` outside any redirection): found once, then read with one atomic load and no lock.
///
/// The real family's stores live as long as the process (its table never lets one go), so the mark holds the
/// store unretained. A redirected family (an isolation scope, a preview) is made and dropped at run time: its
/// stores are looked up in its table each time, which takes no lock either (``SuiteStores``).
final class HomeMark: Sendable {
    private let home = AtomicWord()

    init() {}

    func realHome(orFind find: () -> DefaultsStore) -> DefaultsStore {
        let bits = home.load()
        if bits != 0, let pointer = UnsafeRawPointer(bitPattern: bits) {
            return Unmanaged<DefaultsStore>.fromOpaque(pointer).takeUnretainedValue()
        }
        let found = find()
        // Every thread finds the same store (the table's first), so which one records it does not matter.
        home.compareExchange(expected: 0, new: Int(bitPattern: Unmanaged.passUnretained(found).toOpaque()))
        return found
    }
}
