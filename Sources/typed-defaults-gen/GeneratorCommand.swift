import DefaultsSchema
import Foundation

/// The `typed-defaults-gen` command line, parsed: `typed-defaults-gen SCHEMA --output FILE [options]`.
struct GeneratorCommand: Equatable, Sendable {
    /// The version printed by `--version`.
    static let version = "1.0.0"

    /// The usage text printed by `--help` and after a usage error.
    static let usage = """
        USAGE: typed-defaults-gen SCHEMA --output FILE [--access LEVEL] [--namespace NAME]
               typed-defaults-gen SCHEMA --check
               typed-defaults-gen --help | --version

        Generates typed DefaultsKeys from a defaults.json schema.

        ARGUMENTS:
          SCHEMA                The defaults.json file to read.

        OPTIONS:
          -o, --output FILE     Where to write the Swift file. Written atomically, and only when its content
                                changes, so an unchanged schema causes no recompilation.
          --access LEVEL        internal, public or package; overrides the schema's "access".
          --namespace NAME      The key list's name: DefaultsKeys.NAME.all. A target name such as my-app
                                becomes MyApp (default: the name of the schema's folder).
          --check               Validate only; write nothing.
          -h, --help            Show this help.
          --version             Show the version.

        Errors are printed as path:line:column: error: message; the exit code is then 1.
        """

    /// What to do.
    enum Action: Equatable, Sendable {
        /// Generate into `output`.
        case generate(output: String)
        /// Validate only.
        case check
        /// Print the usage.
        case help
        /// Print the version.
        case version
    }

    /// The schema path.
    var schemaPath: String = ""
    /// What to do.
    var action: Action
    /// `--access`, when given.
    var access: AccessLevel?
    /// `--namespace`, when given.
    var namespace: String?

    /// A command with every field given.
    init(schemaPath: String = "", action: Action, access: AccessLevel? = nil, namespace: String? = nil) {
        self.schemaPath = schemaPath
        self.action = action
        self.access = access
        self.namespace = namespace
    }

    /// A usage error: what was wrong with the arguments.
    struct UsageError: Error, Equatable, CustomStringConvertible {
        /// The message, without the usage text.
        var description: String
    }

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> GeneratorCommand {
        var schema: String?
        var output: String?
        var access: AccessLevel?
        var namespace: String?
        var check = false
        var remaining = arguments[...]
        func value(for option: String) throws(UsageError) -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("-") || value == "-" else {
                throw UsageError(description: "\(option) needs a value")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help": return GeneratorCommand(action: .help)
            case "--version": return GeneratorCommand(action: .version)
            case "-o", "--output": output = try value(for: argument)
            case "--check": check = true
            case "--namespace": namespace = try value(for: argument)
            case "--access":
                let text = try value(for: argument)
                guard let level = AccessLevel(rawValue: text) else {
                    throw UsageError(description: "--access must be internal, public or package, not '\(text)'")
                }
                access = level
            default:
                if argument.hasPrefix("-") && argument.count > 1 {
                    let known = ["--output", "--access", "--namespace", "--check", "--help", "--version"]
                    let hint = suggestion(for: argument, among: known).map { "; did you mean '\($0)'?" } ?? ""
                    throw UsageError(description: "unknown option '\(argument)'\(hint)")
                }
                guard schema == nil else { throw UsageError(description: "unexpected argument '\(argument)'; give one schema") }
                schema = argument
            }
        }
        guard let schema else { throw UsageError(description: "missing the SCHEMA argument") }
        let action: Action
        switch (check, output) {
        case (true, nil): action = .check
        case (false, let output?): action = .generate(output: output)
        case (true, _?): throw UsageError(description: "--check writes nothing; drop --output or --check")
        case (false, nil): throw UsageError(description: "missing --output FILE (or --check to validate only)")
        }
        return GeneratorCommand(schemaPath: schema, action: action, access: access, namespace: namespace)
    }

    /// Runs the command; messages go to the two streams. Returns the process exit code.
    func run(standardOutput: (String) -> Void, standardError: (String) -> Void) -> Int32 {
        switch action {
        case .help: standardOutput(Self.usage); return 0
        case .version: standardOutput(Self.version); return 0
        case .check, .generate: break
        }
        let schemaURL = URL(fileURLWithPath: schemaPath)
        guard let bytes = try? Data(contentsOf: schemaURL) else {
            standardError("\(schemaPath): error: cannot read the schema file; check the path")
            return 1
        }
        let generator = DefaultsKeysGenerator(
            namespace: DefaultsKeysGenerator.namespace(fromTargetName: namespace ?? schemaURL.deletingLastPathComponent().lastPathComponent),
            accessOverride: access
        )
        let result = generator.generate(schema: Array(bytes), sourceName: schemaURL.lastPathComponent)
        for diagnostic in result.diagnostics { standardError(diagnostic.formatted(path: schemaPath)) }
        guard let source = result.source else { return 1 }
        guard case .generate(let output) = action else { return 0 }
        do {
            try Self.writeIfChanged(source, to: URL(fileURLWithPath: output))
        } catch {
            standardError("\(output): error: cannot write the generated file: \(error.localizedDescription)")
            return 1
        }
        return 0
    }

    /// Writes atomically (a reader never sees half a file) and only when the content differs.
    static func writeIfChanged(_ source: String, to url: URL) throws {
        let data = Data(source.utf8)
        if let existing = try? Data(contentsOf: url), existing == data { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }
}
