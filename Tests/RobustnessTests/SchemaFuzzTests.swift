import DefaultsSchema
import Foundation
import TestSupport
import Testing

/// Mutation fuzzing of the reader and validator: every mutated schema must give either Swift source or
/// errors whose line:column lie inside the file: no crash, no hang. A few thousand cases per run; 100,000
/// with `TYPED_DEFAULTS_LONG=1`.
@Suite struct SchemaFuzzTests {
    /// Valid and invalid schemas to mutate.
    static func corpus() throws -> [[UInt8]] {
        var files = [
            "Tests/DefaultsSchemaTests/Schemas/rich.json", "Sources/defaults-demo/defaults.json", "defaults.schema.json",
        ]
        let bad = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Fixtures/BadSchemas").path)
        files += bad.filter { $0.hasSuffix(".json") }.map { "Fixtures/BadSchemas/\($0)" }
        var corpus = try files.map { Array(try Data(contentsOf: repositoryRoot.appendingPathComponent($0))) }
        corpus += (0..<20).map { Array(RandomSchema(seed: 9_000 + UInt64($0), index: $0, keyword: nil).json.utf8) }
        return corpus
    }

    @Test func mutatedSchemasNeverCrashAndAlwaysPointInsideTheFile() throws {
        let corpus = try Self.corpus()
        let cases = isLongMode ? 100_000 : 4_000
        let baseSeed = testSeed(fallback: 1)
        print("\(Self.self): seeds from \(baseSeed) (replay with .ci/robustness --seed \(baseSeed))")
        var random = SeededRandom(seed: baseSeed)
        let generator = DefaultsKeysGenerator(namespace: "Fuzz")
        var outcomes = (generated: 0, rejected: 0)
        for number in 0..<cases {
            let input = Mutator.mutate(random.pick(corpus), &random)
            let start = DispatchTime.now().uptimeNanoseconds
            let output = generator.generate(schema: input, sourceName: "defaults.json")
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            // A hang detector, not a speed target (speed is measured in BENCHMARKS.md): far above any case's time on
            // a loaded machine, far below what a pathological (super-linear) path would take.
            if seconds > 30 {
                Issue.record("case \(number) (seed \(baseSeed)) took \(seconds) s for \(input.count) bytes")
            }
            if output.source != nil { outcomes.generated += 1 } else { outcomes.rejected += 1 }
            if output.source == nil, !output.diagnostics.contains(where: { $0.severity == .error }) {
                Issue.record("case \(number) (seed \(baseSeed)): no output and no error")
            }
            let lines = lineLengths(input)
            for diagnostic in output.diagnostics {
                let location = diagnostic.location
                let inside = location.line >= 1 && location.line <= lines.count && location.column >= 1 && location.column <= lines[location.line - 1] + 1
                if !inside {
                    Issue.record("case \(number) (seed \(baseSeed)): \(diagnostic) lies outside the file (\(lines.count) lines)")
                    break
                }
            }
        }
        // Both outcomes must occur, or the mutations are too weak (or too strong) to test anything.
        #expect(outcomes.generated > cases / 50 && outcomes.rejected > cases / 2, "\(outcomes)")
    }

    @Test func pathologicalInputsAreErrorsNotCrashes() {
        let generator = DefaultsKeysGenerator(namespace: "Fuzz")
        let inputs: [String] = [
            String(repeating: "[", count: 10_000),
            String(repeating: "{\"a\":", count: 10_000),
            #"{"keys": {"a": "# + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}}",
            #"{"keys": {"a": {"type": ""# + String(repeating: "[", count: 5_000) + "Int" + String(repeating: "]", count: 5_000) + #"", "default": []}}}"#,
            #"{"keys": {"a": {"type": "Int", "default": 1"# + String(repeating: "0", count: 100_000) + "}}}",
            #"{"keys": {"a": {"type": "Double", "default": 1e999999999}}}"#,
            #"{"keys": {"a": ""# + String(repeating: "x", count: 1_000_000) + #""}}"#,
            #"{"keys": {""# + String(repeating: "k", count: 100_000) + #"": 1}}"#,
            #"{"keys": {"a": {"type": "T", "cases": ["# + (0..<20_000).map { "\"c\($0)\"" }.joined(separator: ",") + #"], "default": "c1"}}}"#,
        ]
        for (number, input) in inputs.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            let output = generator.generate(schema: Array(input.utf8), sourceName: "defaults.json")
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            #expect(seconds < 5, "input \(number) took \(seconds) s")
            #expect(output.source != nil || output.diagnostics.contains { $0.severity == .error }, "input \(number)")
        }
    }

    /// The length in bytes of each line (LF ends a line; a CR before it counts as part of the line).
    private func lineLengths(_ bytes: [UInt8]) -> [Int] {
        var lengths: [Int] = []
        var current = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                lengths.append(current)
                current = 0
            } else {
                current += 1
            }
        }
        lengths.append(current)
        return lengths
    }
}

/// Ways to damage a schema.
enum Mutator {
    static let structural: [UInt8] = Array("{}[],:\"\\ \n".utf8)

    static func mutate(_ original: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
        var bytes = original
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0: if !bytes.isEmpty { bytes[position] ^= UInt8(1) << UInt8.random(in: 0...7, using: &random) }
            case 1: bytes = Array(bytes.prefix(position))
            case 2: bytes.insert(random.pick(structural), at: position)
            case 3: if !bytes.isEmpty { bytes.remove(at: position) }
            case 4:
                // Duplicate a slice (often a member, making a duplicate name).
                let end = min(bytes.count, position + Int.random(in: 1...80, using: &random))
                bytes.insert(contentsOf: bytes[position..<end], at: position)
            case 5: bytes.insert(contentsOf: Array(random.pick(["1e999999", "-" + String(repeating: "9", count: 400), "0.0000000000000000000001e-400", "18446744073709551616", "NaN", "-0"]).utf8), at: position)
            case 6: bytes.insert(contentsOf: Array(String(repeating: random.pick(["[", "{\"a\":", "[{\"k\":"]), count: Int.random(in: 100...20_000, using: &random)).utf8), at: position)
            case 7: bytes.insert(contentsOf: Array(("\"" + String(repeating: "long", count: Int.random(in: 1_000...50_000, using: &random)) + "\"").utf8), at: position)
            case 8: bytes.insert(random.pick([0x00, 0xFF, 0xC0, 0xE2, 0x80, 0xEF, 0xBB, 0xBF]), at: position)
            default:
                // Replace a token-sized run with a schema word, to reach the validator's paths.
                let words = ["\"type\"", "\"default\"", "\"cases\"", "\"key\"", "\"renamedFrom\"", "\"Int?\"", "\"[String: Int]\"", "null", "true", "[]", "{}", "\"swiftDefault\""]
                let end = min(bytes.count, position + Int.random(in: 0...6, using: &random))
                bytes.replaceSubrange(position..<end, with: Array(random.pick(words).utf8))
            }
        }
        return bytes
    }
}
