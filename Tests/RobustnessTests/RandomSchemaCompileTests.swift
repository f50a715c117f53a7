import DefaultsSchema
import Foundation
import TestSupport
import Testing

/// Random valid schemas (every type, nesting, enums, optionals, keyword and Unicode names, hostile strings)
/// must generate Swift that compiles without a warning, every key must hold the schema's default at runtime, and
/// a settings export of them must read back (every portable key equal, every other untouched). 500 schemas per
/// run (5,000 with `TYPED_DEFAULTS_LONG=1`); `TYPED_DEFAULTS_SEED=N` picks the seeds.
@Suite struct RandomSchemaCompileTests {
    @Test func randomValidSchemasCompileAndReadBack() throws {
        let count = isLongMode ? 5_000 : 500
        let baseSeed = testSeed(fallback: 1)
        print("\(Self.self): seeds from \(baseSeed) (replay with .ci/robustness --seed \(baseSeed))")
        let perModule = RandomSchema.keywordNames.count
        var generated: [(schema: RandomSchema, source: String)] = []
        for index in 0..<count {
            let seed = baseSeed &+ UInt64(index)
            let schema = RandomSchema(seed: seed, index: index, keyword: RandomSchema.keywordNames[index % perModule])
            let output = DefaultsKeysGenerator(namespace: schema.namespace).generate(schema: Array(schema.json.utf8), sourceName: "defaults.json")
            guard let source = output.source else {
                Issue.record("seed \(seed): a valid schema was rejected: \(output.diagnostics.filter { $0.severity == .error })\n\(schema.json)")
                continue
            }
            generated.append((schema, source))
        }
        try CheckerPackage.write(generated: generated, schemasPerModule: perModule)
        let build = try CheckerPackage.build()
        guard build.status == 0 else {
            Issue.record("the generated code does not compile (seeds from \(baseSeed)); package at \(CheckerPackage.directory.path):\n\(build.output.suffix(4_000))")
            return
        }
        let warnings = build.output.split(separator: "\n").filter { $0.contains("warning:") }
        let compiledWithoutWarnings = warnings.isEmpty
        #expect(compiledWithoutWarnings, "generated code compiled with warnings:\n\(warnings.prefix(6).joined(separator: "\n"))")
        let run = try CheckerPackage.run()
        #expect(run.status == 0, "\(run.output.suffix(2_000))")
        let actual = Dictionary(grouping: run.output.split(separator: "\n").map(String.init)) { $0.prefix { $0 != "\t" } }
        // Settings exports: every schema's keys, set, exported in both encodings and imported elsewhere.
        let exportChecks = actual["EXPORT-CHECK"] ?? []
        #expect(exportChecks.count == generated.count, "\(exportChecks.count) export checks for \(generated.count) schemas")
        for line in exportChecks where !line.hasSuffix("\tok") {
            Issue.record("a settings export does not read back: \(line.prefix(2_000))")
        }
        for (schema, _) in generated {
            let lines = actual[Substring(schema.namespace)] ?? []
            if lines != schema.expectedLines {
                let first = zip(lines, schema.expectedLines).first { $0 != $1 }
                Issue.record("seed \(schema.seed) (\(schema.namespace)): runtime differs from the schema; first difference:\n  got      \(first?.0 ?? "\(lines.count) lines")\n  expected \(first?.1 ?? "\(schema.expectedLines.count) lines")\n\(schema.json)")
            }
        }
    }
}
