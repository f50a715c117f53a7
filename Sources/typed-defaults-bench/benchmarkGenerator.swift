import DefaultsSchema
import Foundation

/// The build products folder of this executable, where `typed-defaults-gen` and the modules also are.
let productsDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()

/// Runs a program; returns its exit status and what it printed on standard error.
@discardableResult
func runProcess(_ executable: String, _ arguments: [String]) throws -> (status: Int32, errors: String) {
    // iOS, tvOS and watchOS have no Process: there the benchmark still compiles, and this section fails.
    #if os(macOS) || os(Linux) || os(Windows) || os(FreeBSD) || os(OpenBSD) || os(Android)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    #else
    throw CocoaError(.featureUnsupported)
    #endif
}

/// 5. Parse + validate + render in process, and the CLI as a whole process.
func benchmarkGenerator(repetitions: Int) throws -> Bool {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typed-defaults-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let generatorPath = productsDirectory.appendingPathComponent("typed-defaults-gen").path
    let table = Table("5. Generator: parse + validate + render (ms, median of \(repetitions))",
                      columns: ["keys", "schema size", "in process", "CLI process", "target: 10,000 keys ≤ 100 ms in process"])
    var met = true
    for (keyCount, newFeatures) in [(100, false), (1_000, false), (10_000, false), (10_000, true)] {
        let json = SyntheticSchema(keyCount: keyCount, newFeatures: newFeatures).json
        let bytes = Array(json.utf8)
        let generator = DefaultsKeysGenerator(namespace: "Bench")
        let check = generator.generate(schema: bytes, sourceName: "defaults.json")
        if check.source == nil { fatalError("the synthetic schema is invalid: \(check.diagnostics.prefix(3))") }
        let inProcess = medianMilliseconds(repetitions: repetitions) {
            consume(generator.generate(schema: bytes, sourceName: "defaults.json"))
        }
        let schemaURL = folder.appendingPathComponent("defaults.json")
        try json.write(to: schemaURL, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("Keys.swift").path
        let cli = try medianMilliseconds(repetitions: repetitions) {
            try? FileManager.default.removeItem(atPath: output)
            let result = try runProcess(generatorPath, [schemaURL.path, "--output", output])
            guard result.status == 0 else { fatalError("typed-defaults-gen failed: \(result.errors)") }
        }
        if keyCount == 10_000 { met = met && inProcess <= 100 }
        table.row(format(Double(keyCount)) + (newFeatures ? " (schema 2 features)" : ""), "\(bytes.count / 1024) KiB",
                  format(inProcess, decimals: 1), format(cli, decimals: 1), keyCount == 10_000 ? verdict(inProcess <= 100) : "")
    }
    return met
}

/// 6. `swiftc -typecheck` of the generated file against the same keys written by hand.
func benchmarkCompileTime(repetitions: Int) throws -> Bool {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typed-defaults-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var keepFolder = false
    defer { if !keepFolder { try? FileManager.default.removeItem(at: folder) } }
    let modules = productsDirectory.appendingPathComponent("Modules").path
    let swiftc = try findSwiftc()
    func typecheck(_ source: String, name: String) throws -> Double {
        let file = folder.appendingPathComponent(name)
        try source.write(to: file, atomically: true, encoding: .utf8)
        let arguments = ["-typecheck", "-swift-version", "6", "-I", modules, file.path]
        let check = try runProcess(swiftc, arguments)
        if check.status != 0 { keepFolder = true }
        guard check.status == 0 else { fatalError("swiftc -typecheck failed for \(name) (exit \(check.status)), kept at \(file.path):\n\(check.errors.prefix(2_000))") }
        return try medianMilliseconds(repetitions: repetitions) { try runProcess(swiftc, arguments) }
    }
    func generated(_ keyCount: Int, settingsClass: String? = nil, newFeatures: Bool = false) -> String {
        let json = SyntheticSchema(keyCount: keyCount, newFeatures: newFeatures).json(settingsClass: settingsClass)
        return DefaultsKeysGenerator(namespace: "Bench").generate(schema: Array(json.utf8), sourceName: "defaults.json").source!
    }
    let empty = try typecheck("import Foundation\nimport TypedDefaults\n", name: "Empty.swift")
    let generated1k = try typecheck(generated(1_000), name: "Generated1k.swift")
    let hand1k = try typecheck(SyntheticSchema(keyCount: 1_000).handWritten, name: "Hand1k.swift")
    let generated10k = try typecheck(generated(10_000), name: "Generated10k.swift")
    let withClass1k = try typecheck(generated(1_000, settingsClass: "BenchSettings"), name: "GeneratedWithClass1k.swift")
    let newFeatures1k = try typecheck(generated(1_000, newFeatures: true), name: "GeneratedNewFeatures1k.swift")
    // The fixed cost of starting the compiler and loading Foundation is subtracted before comparing.
    let ratio = (generated1k - empty) / (hand1k - empty)
    let growth = (generated10k - empty) / (generated1k - empty)
    let table = Table("6. Compile time: swiftc -typecheck (ms, median of \(repetitions); empty file: \(format(empty)) ms, subtracted in ratios)",
                      columns: ["file", "ms", "ratio", "target"])
    table.row("generated, 1,000 keys", format(generated1k), format(ratio, decimals: 2) + " vs hand-written", verdict(ratio <= 1.2) + " (≤ 1.2)")
    table.row("hand-written, 1,000 keys", format(hand1k), "", "")
    table.row("generated with a settings class, 1,000 keys", format(withClass1k),
              format((withClass1k - empty) / (generated1k - empty), decimals: 2) + " vs generated without", "(reported)")
    table.row("generated with schema 2 features, 1,000 keys", format(newFeatures1k),
              format((newFeatures1k - empty) / (generated1k - empty), decimals: 2) + " vs the mix without", "(reported)")
    table.row("generated, 10,000 keys", format(generated10k), format(growth, decimals: 1) + "× the 1,000-key time", verdict(growth <= 12) + " (linear: ≈ 10×)")
    return ratio <= 1.2 && growth <= 12
}

private func findSwiftc() throws -> String {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let candidate = "\(directory)/swiftc"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "swiftc is not on PATH"])
}
