import Foundation
import Testing
import TypedDefaults

/// What the store writes, raw `UserDefaults` reads, and the other way round (the storage table of the README).
@Suite struct InteropTests {
    @Test func rawUserDefaultsReadsWhatTheStoreWrites() {
        let suite = FreshSuite()
        let store = suite.store, raw = suite.defaults
        store[DefaultsKey<Int>("int", default: 0)] = 42
        store[DefaultsKey<Double>("double", default: 0)] = 0.5
        store[DefaultsKey<Float>("float", default: 0)] = 1.5
        store[DefaultsKey<Bool>("bool", default: false)] = true
        store[DefaultsKey<String>("string", default: "")] = "s"
        store[DefaultsKey<[String]>("array", default: [])] = ["a"]
        store[DefaultsKey<[String: Int]>("dict", default: [:])] = ["k": 1]
        store[DefaultsKey<Theme>("theme", default: .light)] = .dark
        store[DefaultsKey<Priority>("priority", default: .low)] = .high
        store[DefaultsKey<URL?>("url")] = URL(string: "https://example.com/x")
        let uuid = UUID()
        store[DefaultsKey<UUID?>("uuid")] = uuid
        store[DefaultsKey<Profile?>("profile")] = Profile.sample
        #expect(raw.integer(forKey: "int") == 42)
        #expect(raw.double(forKey: "double") == 0.5)
        #expect(raw.float(forKey: "float") == 1.5)
        #expect(raw.bool(forKey: "bool"))
        #expect(raw.string(forKey: "string") == "s")
        #expect(raw.stringArray(forKey: "array") == ["a"])
        #expect((raw.dictionary(forKey: "dict")?["k"] as? NSNumber)?.intValue == 1)
        #expect(raw.string(forKey: "theme") == "dark")
        #expect(raw.integer(forKey: "priority") == 9)
        // A web URL is archived, as `set(_: URL?, forKey:)` does on Apple platforms: `url(forKey:)` reads it.
        #expect(raw.url(forKey: "url") == URL(string: "https://example.com/x"))
        #expect(raw.string(forKey: "uuid") == uuid.uuidString)
        // Codable is a readable tree, not a Data blob.
        let tree = raw.dictionary(forKey: "profile")
        #expect(tree?["name"] as? String == "Zoë \u{1F600}")
        #expect((tree?["age"] as? NSNumber)?.intValue == 42)
        #expect(tree?["mode"] as? String == "careful")
        #expect(tree?["homepage"] as? String == "https://example.com/x?y=1")
        #expect(tree?["nickname"] == nil)
    }

    @Test func theStoreReadsWhatRawUserDefaultsWrites() {
        let suite = FreshSuite()
        let store = suite.store, raw = suite.defaults
        raw.set(42, forKey: "int")
        raw.set(0.25, forKey: "double")
        raw.set(true, forKey: "bool")
        raw.set("s", forKey: "string")
        raw.set(["a", "b"], forKey: "array")
        raw.set(["k": 1.5], forKey: "dict")
        raw.set("dark", forKey: "theme")
        raw.set(Data([9]), forKey: "data")
        raw.set(Date(timeIntervalSince1970: 9), forKey: "date")
        raw.set(["name": "n", "age": 1, "ratio": 2, "tags": [String](), "joined": Date(timeIntervalSince1970: 0),
                 "homepage": "https://h.example", "mode": "fast", "nested": ["x": [1]]] as [String: Any], forKey: "profile")
        #expect(store[DefaultsKey<Int>("int", default: 0)] == 42)
        #expect(store[DefaultsKey<Double>("double", default: 0)] == 0.25)
        #expect(store[DefaultsKey<Bool>("bool", default: false)])
        #expect(store[DefaultsKey<String>("string", default: "")] == "s")
        #expect(store[DefaultsKey<[String]>("array", default: [])] == ["a", "b"])
        #expect(store[DefaultsKey<[String: Double]>("dict", default: [:])] == ["k": 1.5])
        #expect(store[DefaultsKey<Theme>("theme", default: .light)] == .dark)
        #expect(store[DefaultsKey<Data>("data", default: Data())] == Data([9]))
        #expect(store[DefaultsKey<Date?>("date")] == Date(timeIntervalSince1970: 9))
        let profile = store[DefaultsKey<Profile?>("profile")]
        #expect(profile?.ratio == 2)
        #expect(profile?.nested == ["x": [1]])
        #expect(profile?.mode == .fast)
    }

    @Test func registerPublishesDefaultsToRawReaders() {
        let suite = FreshSuite()
        let count = DefaultsKey<Int>("registeredCount", default: 12)
        let name = DefaultsKey<String?>("registeredName")
        suite.store.register(count, name)
        #expect(suite.defaults.integer(forKey: "registeredCount") == 12)
        #expect(suite.defaults.object(forKey: "registeredName") == nil)
        #expect(suite.store[count] == 12)
        let memory = DefaultsStore.inMemory()
        memory.register([count])
        #expect(memory.storedObject(for: count) != nil)
    }

    /// `has` means "a value is stored in the suite": a registered default never counts, on any backend.
    @Test(arguments: ["suite", "named", "memory"])
    func hasIgnoresRegisteredDefaults(backend: String) {
        let suite = FreshSuite()
        let store: DefaultsStore
        switch backend {
        case "suite": store = suite.store
        case "named": store = DefaultsStore.suite(suite.name)
        default: store = .inMemory()
        }
        // A name no other test registers: the registration domain is process-wide.
        let key = DefaultsKey<Int>("hasAfterRegister.\(backend)", default: 12)
        store.register(key)
        #expect(store[key] == 12)
        #expect(!store.has(key))
        store[key] = 5
        #expect(store.has(key))
        store.remove(key)
        #expect(!store.has(key))
        store[key] = 12  // the same value as the registered default, stored explicitly
        #expect(store.has(key) == (backend != "suite"))  // only a suite of unknown name cannot tell them apart
    }

    @Test func otherLibrariesCodableJSONReads() throws {
        let suite = FreshSuite()
        let key = DefaultsKey<Profile?>("profile")
        let json = try JSONEncoder().encode(Profile.sample)
        suite.defaults.set(json, forKey: "profile")  // SwiftyUserDefaults, Foil, DefaultsKit, @AppStorage
        #expect(suite.store[key] == Profile.sample)
        suite.defaults.set(String(decoding: json, as: UTF8.self), forKey: "profile")  // sindresorhus/Defaults
        #expect(suite.store[key] == Profile.sample)
        suite.defaults.set("not json", forKey: "profile")
        #expect(suite.store[key] == nil)
        let list = DefaultsKey<[Profile]>("profiles", default: [])
        suite.defaults.set(try JSONEncoder().encode([Profile.sample]), forKey: "profiles")
        #expect(suite.store[list] == [Profile.sample])
    }

    @Test func urlsStoredByOtherCodeRead() throws {
        let suite = FreshSuite()
        let key = DefaultsKey<URL?>("url")
        let archived = try NSKeyedArchiver.archivedData(withRootObject: URL(string: "https://example.com/a")! as NSURL, requiringSecureCoding: false)
        suite.defaults.set(archived, forKey: "url")  // what UserDefaults.set(_: URL?, forKey:) writes on Apple platforms
        #expect(suite.store[key] == URL(string: "https://example.com/a"))
        suite.defaults.set("/tmp/some file", forKey: "url")
        #expect(suite.store[key] == URL(fileURLWithPath: "/tmp/some file"))
        suite.defaults.set("~/notes", forKey: "url")
        #expect(suite.store[key] == URL(fileURLWithPath: NSString(string: "~/notes").expandingTildeInPath))
        suite.defaults.set(Data([1, 2, 3]), forKey: "url")
        #expect(suite.store[key] == nil)
    }

    @Test func cgFloatIsStoredAsADouble() {
        let suite = FreshSuite()
        let key = DefaultsKey<CGFloat>("spacing", default: 1)
        suite.store[key] = 2.5
        #expect(suite.defaults.double(forKey: "spacing") == 2.5)
        #expect(suite.store[key] == 2.5)
        suite.defaults.set(3, forKey: "spacing")
        #expect(suite.store[key] == 3)
    }
}

@Suite struct InMemoryStoreTests {
    @Test func keepsValuesApartFromUserDefaults() {
        let memory = DefaultsStore.inMemory()
        let key = DefaultsKey<Int>("memoryOnly.\(UUID().uuidString)", default: 1)
        memory[key] = 5
        #expect(memory[key] == 5)
        #expect(UserDefaults.standard.object(forKey: key.name) == nil)
        #expect(DefaultsStore.inMemory()[key] == 1)
        memory.remove(key)
        #expect(memory[key] == 1)
    }
}

@Suite struct TypeErasedKeyTests {
    @Test func keysOfManyTypesCanBeReadAndSetThroughTheBaseClass() {
        let store = DefaultsStore.inMemory()
        let keys: [DefaultsKeys] = [DefaultsKey<Double>("volume", default: 0.5), DefaultsKey<Theme>("theme", default: .light),
                                    DefaultsKey<Bool>("flag", default: false), DefaultsKey<String?>("name")]
        #expect(store.debugValue(for: keys[0]) as? Double == 0.5)
        #expect(store.setValue(fromObject: "0.25", for: keys[0]))
        #expect(store.setValue(fromObject: "dark", for: keys[1]))
        #expect(!store.setValue(fromObject: "purple", for: keys[1]))
        #expect(store.setValue(fromObject: "YES", for: keys[2]))
        #expect(!store.setValue(fromObject: "perhaps", for: keys[2]))
        #expect(store.setValue(fromObject: "ann", for: keys[3]))
        // Boxed without Optional wrappers: what a debug screen prints.
        #expect(keys.map { store.debugValue(for: $0).map { "\($0)" } ?? "nil" } == ["0.25", "dark", "true", "ann"])
        store.remove(keys[3])
        #expect(store.debugValue(for: keys[3]) == nil)
        let nested = DefaultsKey<[String]?>("list")
        #expect(store.debugValue(for: nested) == nil)
        store[nested] = ["a"]
        #expect(store.debugValue(for: nested) as? [String] == ["a"])
    }

    @Test func keysOfTheSameNameInDifferentSuitesAreDifferentKeys() {
        let standard = DefaultsKey<Int>("count", default: 0)
        let shared = DefaultsKey<Int>("count", default: 0, suite: "group.example")
        let sameShared = DefaultsKey<Int>("count", default: 5, suite: "group.example")
        #expect(standard != shared)
        #expect(shared == sameShared && shared.hashValue == sameShared.hashValue)
        #expect(Set<DefaultsKeys>([standard, shared, sameShared]).count == 2)
        #expect(\DefaultsStore.[standard] != \DefaultsStore.[shared])
    }
}
