import DefaultsSchema
import Foundation
import TestSupport

/// A package that compiles many generated files at once: schemas are spread over modules (each module may use
/// each keyword name once), and an executable prints what every key holds at runtime.
struct CheckerPackage {
    static let directory = repositoryRoot.appendingPathComponent(".build-robustness/RandomSchemas")
    static let scratchPath = repositoryRoot.appendingPathComponent(".build-robustness/scratch")

    /// Writes the package: one module per `schemasPerModule` schemas, with their generated sources.
    static func write(generated: [(schema: RandomSchema, source: String)], schemasPerModule: Int) throws {
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: directory.appendingPathComponent("Sources"))
        let modules = stride(from: 0, to: generated.count, by: schemasPerModule).map { Array(generated[$0..<min($0 + schemasPerModule, generated.count)]) }
        for (number, module) in modules.enumerated() {
            let folder = directory.appendingPathComponent("Sources/M\(number)")
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            // Nonisolated in modules isolated to the main actor by default: the generated keys must be too.
            var report = ["import CheckSupport", "import TypedDefaults", "", "nonisolated public func reportM\(number)() -> [String] {", "    var lines: [String] = []"]
            // The module's own RawRepresentable type of each schema, which a key may store by "rawType".
            var types = ["// The types random schemas name with \"rawType\"."]
            for (schema, _) in module {
                types.append("nonisolated public struct \(schema.namespace)Tag: RawRepresentable, Sendable { public let rawValue: String; public init(rawValue: String) { self.rawValue = rawValue } }")
            }
            try (types.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("Types.swift"), atomically: true, encoding: .utf8)
            for (schema, source) in module {
                try source.write(to: folder.appendingPathComponent("\(schema.namespace).swift"), atomically: true, encoding: .utf8)
                // Families are not in `all`: one member of each, after the keys.
                let members = schema.familyMembers.isEmpty ? "" : " + ([\(schema.familyMembers.joined(separator: ", "))] as [DefaultsKeys])"
                report.append("    lines += report(\"\(schema.namespace)\", DefaultsKeys.\(schema.namespace).all\(members))")
                report.append("    lines.append(exportCheck(\"\(schema.namespace)\", DefaultsKeys.\(schema.namespace).all\(members)))")
            }
            report += ["    return lines", "}", ""]
            try report.joined(separator: "\n").write(to: folder.appendingPathComponent("Report.swift"), atomically: true, encoding: .utf8)
        }
        let support = directory.appendingPathComponent("Sources/CheckSupport")
        try fileManager.createDirectory(at: support, withIntermediateDirectories: true)
        try checkSupportSource.write(to: support.appendingPathComponent("CheckSupport.swift"), atomically: true, encoding: .utf8)
        let main = directory.appendingPathComponent("Sources/Check")
        try fileManager.createDirectory(at: main, withIntermediateDirectories: true)
        let imports = modules.indices.map { "import M\($0)" }.joined(separator: "\n")
        let calls = modules.indices.map { "for line in reportM\($0)() { print(line) }" }.joined(separator: "\n")
        try "\(imports)\n\n\(calls)\n".write(to: main.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let targets = modules.indices.map {
            #"        .target(name: "M\#($0)", dependencies: ["CheckSupport", .product(name: "TypedDefaults", package: "TypedDefaults")], swiftSettings: newAppTarget),"#
        }.joined(separator: "\n")
        let manifest = """
            // swift-tools-version: \(toolsVersion)
            // Written by RobustnessTests: random schemas' generated code, compiled and run in modules set up as a
            // new Xcode 26 app target is (default MainActor isolation and its upcoming features).
            import PackageDescription

            let newAppTarget: [SwiftSetting] = [\(newAppTargetSettings)]

            let package = Package(
                name: "RandomSchemas",
                // As TypedDefaults: on macOS, SwiftPM refuses a package that depends on a product with a higher minimum.
                platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
                dependencies: [.package(name: "TypedDefaults", path: "\(repositoryRoot.path)")],
                targets: [
                    .target(name: "CheckSupport", dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults")]),
            \(targets)
                    .executableTarget(name: "Check", dependencies: [\(modules.indices.map { "\"M\($0)\"" }.joined(separator: ", "))]),
                ]
            )

            """
        try manifest.write(to: directory.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    }

    #if compiler(>=6.2)
    static let toolsVersion = "6.2"
    static let newAppTargetSettings = """
        .defaultIsolation(MainActor.self), .enableUpcomingFeature("NonisolatedNonsendingByDefault"), \
        .enableUpcomingFeature("InferIsolatedConformances")
        """
    #else
    // Swift 6.1 has no default isolation setting: the modules use the package defaults.
    static let toolsVersion = "6.0"
    static let newAppTargetSettings = ""
    #endif

    static func build() throws -> ProcessResult {
        try runSwift("build", package: directory, ["--scratch-path", scratchPath.path])
    }

    static func run() throws -> ProcessResult {
        try runProcess(scratchPath.appendingPathComponent("debug/Check"), [])
    }
}

/// The checker's support module: the canonical form of stored objects, the same as `RandomValues.swift` writes.
let checkSupportSource = #"""
    import Foundation
    // Keys of every type are read and written here as objects, through the package's own editor access (debug
    // builds are testable).
    @testable import TypedDefaults

    /// One line per key: namespace, hex of the stored name, canonical default; a round trip through the typed
    /// key (decode the stored default, store it again) must give the same canonical form.
    public func report(_ namespace: String, _ keys: [DefaultsKeys]) -> [String] {
        let memory = DefaultsStore.inMemory()
        return keys.map { key in
            let object = key.defaultObject
            let suite = key.suiteName.map { hex(Array($0.utf8)) } ?? "-"
            // A set's stored order is its own: compare sets sorted.
            let isSet = String(describing: key.valueType).hasPrefix("Set<")
            var line = "\(namespace)\t\(hex(Array(key.name.utf8)))\t\(suite)\t\(canonical(object, sorted: isSet))"
            if let object {
                if !memory.setValue(fromObject: object, for: key) {
                    line += "\tROUND-TRIP-DECODE-FAILED"
                } else if canonical(memory.storedObject(for: key), sorted: isSet) != canonical(object, sorted: isSet) {
                    line += "\tROUND-TRIP-CHANGED:\(canonical(memory.storedObject(for: key), sorted: isSet))"
                }
            }
            return line
        }
    }

    /// Every key set to its (random) default, exported in both encodings and imported into a fresh store: each key
    /// that travels reads back the same stored object, every other is left unset. One line, `EXPORT-CHECK`, `ok`
    /// or what differed.
    public func exportCheck(_ namespace: String, _ keys: [DefaultsKeys]) -> String {
        let source = DefaultsStore.inMemory()
        for key in keys { if let object = key.defaultObject { _ = source.setValue(fromObject: object, for: key) } }
        var problems: [String] = []
        for encoding in [DefaultsExport.Encoding.json, .propertyList] {
            let data = source.exportSettings(keys).data(as: encoding)
            let destination = DefaultsStore.inMemory()
            do {
                try destination.importSettings(from: data, keys: keys)
            } catch {
                problems.append("\(encoding): \(error)")
                continue
            }
            for key in keys {
                let isSet = String(describing: key.valueType).hasPrefix("Set<")
                let sent = source.storedObject(for: key)
                let travels = key.isPortable && (key.declaredPortable == true || sent.map(key.holdsFileURL) != true)
                let received = destination.storedObject(for: key)
                if travels, canonical(received, sorted: isSet) != canonical(sent, sorted: isSet) {
                    problems.append("\(encoding) \(hex(Array(key.name.utf8))): sent \(canonical(sent, sorted: isSet)), received \(canonical(received, sorted: isSet))")
                } else if !travels, received != nil {
                    problems.append("\(encoding) \(hex(Array(key.name.utf8))) travelled")
                }
            }
        }
        return "EXPORT-CHECK\t\(namespace)\t" + (problems.isEmpty ? "ok" : problems.joined(separator: "; "))
    }

    func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    func canonical(_ object: Any?, sorted: Bool) -> String {
        guard sorted, let values = object as? [Any] else { return canonical(object) }
        return "[" + values.map(canonical).sorted().joined(separator: ",") + "]"
    }

    func canonical(_ object: Any?) -> String {
        guard let object else { return "nil" }
        let type = Swift.type(of: object)
        switch object {
        case let value as Bool where type == Bool.self: return "b:\(value)"
        case let value as Int where type == Int.self: return "i:\(value)"
        case let value as Int8 where type == Int8.self: return "i:\(value)"
        case let value as Int16 where type == Int16.self: return "i:\(value)"
        case let value as Int32 where type == Int32.self: return "i:\(value)"
        case let value as Int64 where type == Int64.self: return "i:\(value)"
        case let value as UInt where type == UInt.self: return "i:\(value)"
        case let value as UInt8 where type == UInt8.self: return "i:\(value)"
        case let value as UInt16 where type == UInt16.self: return "i:\(value)"
        case let value as UInt32 where type == UInt32.self: return "i:\(value)"
        case let value as UInt64 where type == UInt64.self: return "i:\(value)"
        case let value as Double where type == Double.self: return "d:\(value)"
        case let value as Float where type == Float.self: return "f:\(value)"
        case let value as String: return "s:\(hex(Array(value.utf8)))"
        case let value as Data:
            // A URL that a path cannot say is stored archived (as `UserDefaults.set(_: URL?, forKey:)` does), and
            // archives differ byte by byte between runs: compared by the URL they hold.
            if let url = try? NSKeyedUnarchiver.unarchivedObject(ofClass: NSURL.self, from: value) {
                return "u:\(hex(Array((url as URL).absoluteString.utf8)))"
            }
            return "x:\(hex(Array(value)))"
        case let value as Date: return "t:" + String(format: "%.3f", value.timeIntervalSince1970)
        case let number as NSNumber:
            let kind = String(cString: number.objCType)
            if kind == "f" { return "f:\(number.floatValue)" }
            if kind == "d" { return "d:\(number.doubleValue)" }
            return "i:\(number.int64Value)"
        case let values as [Any]: return "[" + values.map(canonical).joined(separator: ",") + "]"
        case let members as [String: Any]:
            let sorted = members.map { (hex(Array($0.key.utf8)), canonical($0.value)) }.sorted { $0.0 < $1.0 }
            return "{" + sorted.map { "\($0.0)=\($0.1)" }.joined(separator: ",") + "}"
        default: return "unknown:\(type)"
        }
    }
    """#
