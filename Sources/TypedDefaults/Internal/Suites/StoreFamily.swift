import Foundation

/// A standard store and the shared store of each suite name that goes with it: the real ones of the process,
/// or in-memory ones made for one isolation scope (`withIsolatedDefaults(_:)`) or for the whole
/// process (``DefaultsStore/useInMemoryStores()``).
///
/// `DefaultsStore.standard`, `DefaultsStore.suite(_:)`, `Defaults[...]`, `@Default` and generated settings
/// classes find their store here, so redirecting them all is a matter of picking the family.
final class StoreFamily: Sendable {
    let standard: DefaultsStore
    private let suites: SuiteStores

    /// The real stores: `UserDefaults.standard` and the suites opened by name.
    static let real: StoreFamily = StoreFamily(standard: realStandard, suites: realSuites)
    /// The real standard store, on its own for the read path (`Defaults[...]` outside any redirection).
    static let realStandard: DefaultsStore = {
        let standard = DefaultsStore(.standard, family: FamilyLink(standardOf: realSuites, isReal: true))
        // Before any suite store exists: `realSuites` is reached only through this store and `real`, made after it.
        realSuites.standard.set(standard)
        return standard
    }()
    private static let realSuites = SuiteStores { suites, name in
        DefaultsStore(realSuiteNamed: name, family: FamilyLink(suite: name, of: suites, isReal: true))
    }

    /// A family of fresh in-memory stores, starting from the defaults.
    ///
    /// - Parameter managed: The managed app configuration an administrator sets, by stored name (what MDM stores
    ///   under `com.apple.configuration.managed`): managed keys read these values, and writes to them are refused.
    static func inMemory(managed: [String: any Sendable] = [:]) -> StoreFamily {
        inMemory(managedObjects: managed.mapValues { $0 as Any })
    }

    static func inMemory(managedObjects managed: [String: Any]) -> StoreFamily {
        let suites = SuiteStores { suites, name in .inMemory(family: FamilyLink(suite: name, of: suites)) }
        let standard = DefaultsStore.inMemory(family: FamilyLink(standardOf: suites))
        suites.standard.set(standard)
        if !managed.isEmpty {
            standard.suite.store(managed, name: DefaultsStore.managedConfigurationName, tell: false)
        }
        return StoreFamily(standard: standard, suites: suites)
    }

    private init(standard: DefaultsStore, suites: SuiteStores) {
        self.standard = standard
        self.suites = suites
    }

    func suite(_ name: String) -> DefaultsStore {
        suites.store(named: name)
    }

    func existingSuite(_ name: String) -> DefaultsStore? {
        suites.existingStore(named: name)
    }

    /// As `removeSuite(named:)` does on disk.
    func removeInMemorySuite(named name: String) {
        suites.existingStore(named: name)?.removeEveryValueInMemory()
    }
}

/// The shared store of each suite name of one family, made on first use.
///
/// Found without a lock: each store made publishes a new immutable table (`Table`) through one atomic word, and
/// every table stays alive as long as the family (a family has a few suite names, so a few tables), so a reader that
/// loaded the word may use the table it names however late. Made under a lock, so that one store is made per name.
final class SuiteStores: Sendable {
    private final class Table: Sendable {
        let stores: [String: DefaultsStore]
        init(_ stores: [String: DefaultsStore]) { self.stores = stores }
    }

    private let stores = LockedState<(current: [String: DefaultsStore], published: [Table])>(([:], []))
    /// The newest `Table`, unretained: `published` keeps it alive.
    private let latest = AtomicWord()
    /// The family's standard store, where the suite stores find the administrator's values (managed keys).
    let standard = WeakStoreLink()
    private let make: @Sendable (SuiteStores, String) -> DefaultsStore

    init(make: @escaping @Sendable (SuiteStores, String) -> DefaultsStore) {
        self.make = make
    }

    func store(named name: String) -> DefaultsStore {
        if let store = existingStore(named: name) { return store }
        // Made outside the lock (opening a suite calls into Foundation); the first one stored wins.
        let made = make(self, name)
        return stores.withLock { state in
            if let store = state.current[name] { return store }
            state.current[name] = made
            let table = Table(state.current)
            state.published.append(table)
            latest.store(Int(bitPattern: Unmanaged.passUnretained(table).toOpaque()))
            return made
        }
    }

    func existingStore(named name: String) -> DefaultsStore? {
        guard let pointer = UnsafeRawPointer(bitPattern: latest.load()) else { return nil }
        return Unmanaged<Table>.fromOpaque(pointer).takeUnretainedValue().stores[name]
    }
}

/// What a store of a family knows of it: which suite it is the store of, and the family's shared suite stores,
/// where it sends keys declared with another suite.
final class FamilyLink: Sendable {
    /// The suite of the store (`nil`: the standard store).
    let suiteName: String?
    /// The real family's stores live as long as the process (``HomeMark``).
    let isReal: Bool
    /// The standard store holds the family's suite stores; a suite store only refers to them, weakly: the table
    /// holds that store, and a strong link back would keep an isolation scope's family alive forever.
    private let strongStores: SuiteStores?
    nonisolated(unsafe) private weak var weakStores: SuiteStores?

    init(standardOf stores: SuiteStores, isReal: Bool = false) {
        suiteName = nil
        self.isReal = isReal
        strongStores = stores
    }

    init(suite name: String, of stores: SuiteStores, isReal: Bool = false) {
        suiteName = name
        self.isReal = isReal
        strongStores = nil
        weakStores = stores
    }

    /// The family's suite stores; `nil` only once the family is gone (its stores then read keys as given).
    var stores: SuiteStores? { strongStores ?? weakStores }

    /// The family's standard store (`nil` once the family is gone); `store` is the store this link belongs to.
    func standard(of store: DefaultsStore) -> DefaultsStore? {
        suiteName == nil ? store : stores?.standard.store
    }
}

/// A family's standard store, set once when the family is made; weak, since the standard store holds the suite
/// stores, and a cycle would keep an isolation scope's family alive forever.
final class WeakStoreLink: Sendable {
    private struct Link: @unchecked Sendable {
        weak var store: DefaultsStore?
    }

    private let link = LockedState(Link())

    func set(_ store: DefaultsStore) {
        link.withLock { $0.store = store }
    }

    var store: DefaultsStore? {
        link.withLock { $0.store }
    }
}

/// Which family the code running now uses.
enum StoreRedirection {
    /// The in-memory family of the innermost `withIsolatedDefaults(_:)` scope around this task.
    @TaskLocal static var scope: StoreFamily?

    /// The in-memory family of the whole process, once ``DefaultsStore/useInMemoryStores()`` is called, the
    /// process is launched with `-TypedDefaultsInMemory YES`, or Xcode runs it for a preview.
    static let processFamily = StoreFamily.inMemory(managedObjects: launchManagedConfiguration(arguments: ProcessInfo.processInfo.arguments))
    /// What the process chose by a call: 0 nothing (the launch decides), 1 in memory, 2 real stores.
    private static let processChoice = AtomicWord(0)

    /// Whether the launch asks for in-memory stores: the arguments `-TypedDefaultsInMemory YES` (or `1`, `true`),
    /// the form `UserDefaults` reads arguments in, so UI tests can launch the app with clean, unsaved settings; or
    /// the environment of an Xcode preview (`XCODE_RUNNING_FOR_PREVIEWS=1`), so previews never read or write the
    /// developer's real settings.
    static let launchAsksForMemory: Bool = launchAsksForMemory(
        arguments: ProcessInfo.processInfo.arguments, environment: ProcessInfo.processInfo.environment)

    /// The managed app configuration the launch gives the in-memory stores: `-TypedDefaultsManaged` followed by a
    /// JSON object of stored names and values (`'{"serverURL": "https://example.com", "maxUploads": 3}'`), for UI
    /// tests of an app run with `-TypedDefaultsInMemory YES`. Anything else gives none.
    static func launchManagedConfiguration(arguments: [String]) -> [String: Any] {
        guard let index = arguments.firstIndex(of: "-TypedDefaultsManaged"), index + 1 < arguments.count,
              let object = try? JSONSerialization.jsonObject(with: Data(arguments[index + 1].utf8)),
              let configuration = object as? [String: Any] else { return [:] }
        // JSON's values are property-list values, null aside, which has no stored form.
        return configuration.filter { !($0.value is NSNull) }
    }

    static func launchAsksForMemory(arguments: [String], environment: [String: String]) -> Bool {
        if environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1" { return true }
        guard let index = arguments.firstIndex(of: "-TypedDefaultsInMemory"), index + 1 < arguments.count else { return false }
        return ["YES", "yes", "1", "true", "TRUE"].contains(arguments[index + 1])
    }

    /// Nonzero once anything in the process redirected stores: until then (in an app, always) the real family
    /// is returned without the task-local look-up, which costs more than the rest of a read's bookkeeping.
    private static let everRedirected = AtomicWord(0)

    static var mayRedirect: Bool {
        everRedirected.load() != 0 || launchAsksForMemory
    }

    static var current: StoreFamily {
        if !mayRedirect { return .real }
        if let scope { return scope }
        switch processChoice.load() {
        case 1: return processFamily
        case 2: return .real
        default: return launchAsksForMemory ? processFamily : .real
        }
    }

    /// Runs `body` with `family` as the scope of this task and the tasks it creates.
    static func withScope<R>(_ family: StoreFamily, _ body: () throws -> R) rethrows -> R {
        everRedirected.store(1)
        return try $scope.withValue(family, operation: body)
    }

    static func withScope<R>(_ family: StoreFamily, isolation: isolated (any Actor)?, _ body: () async throws -> R) async rethrows -> R {
        everRedirected.store(1)
        return try await $scope.withValue(family, operation: body, isolation: isolation)
    }

    static func useInMemoryStoresForTheProcess() {
        processChoice.store(1)
        everRedirected.store(1)
    }

    static func useRealStoresForTheProcess() {
        processChoice.store(2)
        everRedirected.store(1)
    }
}
