import Foundation
import TestSupport
import Testing
import TypedDefaults

/// Hostile settings files: mutated exports (the schema fuzzer's mutations, plus property-list ones) are imported
/// into a suite that holds values; none may crash or hang, and every refused file must leave the suite's file and
/// domain byte for byte as they were. 4,000 cases per run; 40,000 with `TYPED_DEFAULTS_LONG=1`.
@Suite(.serialized) struct SettingsFileFuzzTests {
    private static let keys: [DefaultsKeys] = [
        DefaultsKey<Bool>("flag", default: false), DefaultsKey<Int>("count", default: 0, in: 0...100),
        DefaultsKey<Double>("ratio", default: 0), DefaultsKey<String>("name", default: ""), DefaultsKey<[String]>("tags", default: []),
        DefaultsKey<[String: Int]>("sizes", default: [:]), DefaultsKey<Date?>("moment"), DefaultsKey<Data>("blob", default: Data()),
        DefaultsKey<UInt64>("largest", default: 0), DefaultsKey<String>("title", default: "", formerNames: ["caption"]),
        DefaultsKey<DefaultsPropertyList?>("anything"),
    ]

    private static func corpus() -> [[UInt8]] {
        let store = DefaultsStore.inMemory()
        store.setValue(fromObject: true, for: keys[0])
        store.setValue(fromObject: 42, for: keys[1])
        store.setValue(fromObject: 0.5, for: keys[2])
        store.setValue(fromObject: "Zoë \"q\"", for: keys[3])
        store.setValue(fromObject: ["a", "b"], for: keys[4])
        store.setValue(fromObject: ["x": 1, "$y": 2], for: keys[5])
        store.setValue(fromObject: Date(timeIntervalSinceReferenceDate: 1.25), for: keys[6])
        store.setValue(fromObject: Data([1, 2, 3]), for: keys[7])
        store.setValue(fromObject: UInt64.max, for: keys[8])
        store.setValue(fromObject: ["k": [1.5, "s", false]], for: keys[10])
        let export = store.exportSettings(keys)
        return [Array(export.data(as: .json)), Array(export.data(as: .propertyList))]
    }

    private static let propertyListWords = ["<array>", "<dict>", "</dict>", "</array>", "<key>flag</key>", "<key>count</key>", "<true/>",
                                            "<integer>7</integer>", "<real>nan</real>", "<date>2026-01-01T00:00:00Z</date>", "<string>&amp;</string>",
                                            "<!--", "<![CDATA[", "bplist00"]

    /// The suite's stored domain and file, as a refused import must leave them.
    private static func snapshot(_ suite: ScratchSuite) -> (domain: String, file: Data?) {
        DefaultsStore.flush()
        let domain = canonicalText(asOnDisk(suite.defaults.persistentDomain(forName: suite.name) ?? [:]))
        return (domain, FileManager.default.contents(atPath: suiteFilePath(suite.name)))
    }

    /// A domain as Foundation reads it back from the suite's file. On Linux the file is an XML property list, whose
    /// dates hold whole seconds, and any save in the process (another test's) may make Foundation reload a suite it
    /// did not change: a date imported earlier then loses its fraction between two snapshots without any write.
    private static func asOnDisk(_ object: Any) -> Any {
        #if canImport(ObjectiveC)
        return object
        #else
        switch object {
        case let date as Date: return Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.rounded(.down))
        case let dictionary as [String: Any]: return dictionary.mapValues(asOnDisk)
        case let array as [Any]: return array.map(asOnDisk)
        default: return object
        }
        #endif
    }

    @Test func mutatedExportsNeverCrashAndARefusedOneChangesNothing() throws {
        let corpus = Self.corpus()
        let cases = isLongMode ? 40_000 : 4_000
        let seed = testSeed(fallback: 60)
        print("\(Self.self): seeds from \(seed) (replay with .ci/robustness --seed \(seed))")
        var random = SeededRandom(seed: seed)
        let suite = ScratchSuite()
        suite.store.setValue(fromObject: 7, for: Self.keys[1])
        suite.store.setValue(fromObject: "mine", for: Self.keys[3])
        var outcomes = (imported: 0, refused: 0)
        for number in 0..<cases {
            var input = Mutator.mutate(random.pick(corpus), &random)
            if input.starts(with: Array("<?xml".utf8)), Bool.random(using: &random) {
                let position = Int.random(in: 0...input.count, using: &random)
                let word = random.pick(Self.propertyListWords)
                input.insert(contentsOf: Array(String(repeating: word, count: Int.random(in: 1...400, using: &random)).utf8), at: position)
            }
            let before = Self.snapshot(suite)
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                try suite.store.importSettings(from: Data(input), keys: Self.keys)
                outcomes.imported += 1
            } catch let error as DefaultsImportError {
                outcomes.refused += 1
                let after = Self.snapshot(suite)
                if after.domain != before.domain || after.file != before.file {
                    Issue.record("""
                        case \(number) (seed \(seed)): refused (\(error)) but the suite changed
                        domain before: \(before.domain)
                        domain after:  \(after.domain)
                        file \(after.file == before.file ? "unchanged" : "changed")
                        """)
                }
                if error.message.isEmpty { Issue.record("case \(number) (seed \(seed)): an error without a message") }
            }
            // A hang detector, not a speed target: far above any case's time on a loaded machine.
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if seconds > 30 { Issue.record("case \(number) (seed \(seed)) took \(seconds) s for \(input.count) bytes") }
        }
        print("\(Self.self): \(outcomes.imported) imported, \(outcomes.refused) refused of \(cases)")
        #expect(outcomes.imported > cases / 50 && outcomes.refused > cases / 2, "\(outcomes)")
    }
}
