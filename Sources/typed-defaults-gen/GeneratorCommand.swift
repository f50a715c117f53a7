import DefaultsSchema
import Foundation

/// The `typed-defaults-gen` command line, parsed: `typed-defaults-gen SCHEMA --output FILE [options]`.
struct GeneratorCommand: Equatable, Sendable {
    /// The version printed by `--version`.
    static let version = "1.0.0"

    /// The usage text printed by `--help` and after a usage error.
    static let usage = """
        USAGE: typed-defaults-gen SCHEMA --output FILE [--access LEVEL] [--namespace NAME] [--resource-bundle NAME]
               typed-defaults-gen SCHEMA [--output FILE] [--settings-bundle DIR] [--reference FILE.md]
                                         [--appconfig FILE.xml --bundle-id ID]
               typed-defaults-gen SCHEMA --check
               typed-defaults-gen SCHEMA --record-release VERSION
               typed-defaults-gen --help | --version

        Generates typed DefaultsKeys from a defaults.json schema.

        ARGUMENTS:
          SCHEMA                The defaults.json file to read.

        OPTIONS:
        \(CommandOption.usageLines)

        When defaults.releases.json lies beside the schema, every run checks the schema against it.
        Every file is written atomically, and only when its content changes.
        Errors are printed as path:line:column: error: message; the exit code is then 1.
        """

    /// What to do.
    enum Action: Equatable, Sendable {
        /// Generate into `output`.
        case generate(output: String)
        /// Validate only.
        case check
        /// Write only the Settings bundle and/or the reference (no Swift file).
        case documents
        /// Record the schema as a release of this version.
        case recordRelease(version: String)
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
    /// `--settings-bundle`, when given: the bundle's folder.
    var settingsBundle: String?
    /// `--reference`, when given: the Markdown file.
    var reference: String?
    /// `--resource-bundle NAME`: titles translated through the package target's resource bundle.
    var stringsBundle: StringsBundle = .declaringModule
    /// `--appconfig`, when given: the AppConfig specfile of the managed keys.
    var appConfig: String?
    /// `--bundle-id`, which `--appconfig` needs: the app's bundle identifier.
    var bundleID: String?

    /// A command with every field given.
    init(schemaPath: String = "", action: Action, access: AccessLevel? = nil, namespace: String? = nil,
         settingsBundle: String? = nil, reference: String? = nil, stringsBundle: StringsBundle = .declaringModule) {
        self.stringsBundle = stringsBundle
        self.schemaPath = schemaPath
        self.action = action
        self.access = access
        self.namespace = namespace
        self.settingsBundle = settingsBundle
        self.reference = reference
    }

    /// A usage error: what was wrong with the arguments.
    struct UsageError: Error, Equatable, CustomStringConvertible {
        /// The message, without the usage text.
        var description: String
    }

    /// Parses the arguments after the program name.
    ///
    /// - Throws: ``UsageError`` only. (Untyped: the Apple compile in CI uses the iOS 17.4 SDK, whose standard
    ///   library lacks the typed-throws hook.)
    static func parse(_ arguments: [String]) throws -> GeneratorCommand {
        var schema: String?
        var output: String?
        var access: AccessLevel?
        var namespace: String?
        var stringsBundle = StringsBundle.declaringModule
        var check = false
        var settingsBundle: String?
        var reference: String?
        var releaseVersion: String?
        var appConfig: String?
        var bundleID: String?
        var remaining = arguments[...]
        func value(for option: String) throws -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("-") || value == "-" else {
                throw UsageError(description: "\(option) needs a value")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            guard let option = CommandOption.named(argument) else {
                if argument.hasPrefix("-") && argument.count > 1 {
                    let hint = suggestion(for: argument, among: CommandOption.longNames).map { "; did you mean '\($0)'?" } ?? ""
                    throw UsageError(description: "unknown option '\(argument)'\(hint)")
                }
                guard schema == nil else { throw UsageError(description: "unexpected argument '\(argument)'; give one schema") }
                schema = argument
                continue
            }
            switch option.name {
            case .help: return GeneratorCommand(action: .help)
            case .version: return GeneratorCommand(action: .version)
            case .output: output = try value(for: argument)
            case .check: check = true
            case .namespace: namespace = try value(for: argument)
            case .resourceBundle:
                let name = try value(for: argument)
                guard !name.isEmpty, !name.contains("/") else { throw UsageError(description: "--resource-bundle takes a bundle's name, such as MyPackage_MyTarget, not '\(name)'") }
                stringsBundle = .packageResources(bundleName: name)
            case .settingsBundle: settingsBundle = try value(for: argument)
            case .reference: reference = try value(for: argument)
            case .appConfig: appConfig = try value(for: argument)
            case .bundleID: bundleID = try checkedBundleID(try value(for: argument))
            case .recordRelease:
                let version = try value(for: argument)
                guard !version.trimmingCharacters(in: .whitespaces).isEmpty else { throw UsageError(description: "--record-release needs a version, such as 1.4") }
                releaseVersion = version
            case .access:
                let text = try value(for: argument)
                guard let level = AccessLevel(rawValue: text) else {
                    throw UsageError(description: "--access must be internal, public or package, not '\(text)'")
                }
                access = level
            }
        }
        guard let schema else { throw UsageError(description: "missing the SCHEMA argument") }
        switch (appConfig, bundleID) {
        case (_?, nil): throw UsageError(description: "--appconfig needs --bundle-id ID, the app's bundle identifier, which the specfile names")
        case (nil, _?): throw UsageError(description: "--bundle-id is for the AppConfig specfile; add --appconfig FILE.xml or drop it")
        default: break
        }
        let documents = settingsBundle != nil || reference != nil || appConfig != nil
        if let releaseVersion {
            guard !check, output == nil, !documents else {
                throw UsageError(description: "--record-release writes only the release record; drop --output, --check, --settings-bundle and --reference")
            }
            return GeneratorCommand(schemaPath: schema, action: .recordRelease(version: releaseVersion), access: access, namespace: namespace)
        }
        let action: Action
        switch (check, output) {
        case (true, nil) where documents: throw UsageError(description: "--check writes nothing; drop --check or --settings-bundle and --reference")
        case (true, nil): action = .check
        case (false, let output?): action = .generate(output: output)
        case (true, _?): throw UsageError(description: "--check writes nothing; drop --output or --check")
        case (false, nil) where documents: action = .documents
        case (false, nil): throw UsageError(description: "missing --output FILE (or --check to validate only)")
        }
        var command = GeneratorCommand(schemaPath: schema, action: action, access: access, namespace: namespace,
                                       settingsBundle: settingsBundle, reference: reference, stringsBundle: stringsBundle)
        command.appConfig = appConfig
        command.bundleID = bundleID
        return command
    }

    /// A bundle identifier as the AppConfig XSD takes it (`com.example.app`: letters and digits in parts joined by
    /// '.', '+' or '-').
    private static func checkedBundleID(_ text: String) throws -> String {
        guard text.wholeMatch(of: /([a-zA-Z0-9]+[.+\-])+[a-zA-Z0-9]+/) != nil else {
            throw UsageError(description: "--bundle-id takes the app's bundle identifier, such as com.example.app, not '\(text)'")
        }
        return text
    }

    /// Runs the command; messages go to the two streams. Returns the process exit code.
    func run(standardOutput: (String) -> Void, standardError: (String) -> Void) -> Int32 {
        switch action {
        case .help: standardOutput(Self.usage); return 0
        case .version: standardOutput(Self.version); return 0
        case .check, .generate, .documents, .recordRelease: break
        }
        let schemaURL = URL(fileURLWithPath: schemaPath)
        guard let bytes = try? Data(contentsOf: schemaURL) else {
            standardError("\(schemaPath): error: cannot read the schema file; check the path")
            return 1
        }
        let generator = DefaultsKeysGenerator(
            namespace: DefaultsKeysGenerator.namespace(fromTargetName: namespace ?? schemaURL.deletingLastPathComponent().lastPathComponent),
            accessOverride: access,
            stringsBundle: stringsBundle
        )
        let releasesURL = schemaURL.deletingLastPathComponent().appendingPathComponent(ReleaseRecord.fileName)
        let releasesPath = (schemaPath as NSString).deletingLastPathComponent.isEmpty
            ? ReleaseRecord.fileName : ((schemaPath as NSString).deletingLastPathComponent as NSString).appendingPathComponent(ReleaseRecord.fileName)
        let releases = (try? Data(contentsOf: releasesURL)).map { Array($0) }
        let result = generator.generate(schema: Array(bytes), sourceName: schemaURL.lastPathComponent, sourcePath: schemaPath, releases: releases)
        for diagnostic in result.releaseFileDiagnostics { standardError(diagnostic.formatted(path: releasesPath)) }
        for diagnostic in result.diagnostics { standardError(diagnostic.formatted(path: schemaPath)) }
        guard let source = result.source, let schema = result.schema else { return 1 }
        var files: [(path: String, text: String)] = []
        if case .recordRelease(let version) = action {
            var record = result.releases ?? ReleaseRecord()
            let replacing = record.releases.contains { $0.version == version }
            record.record(Release(version: version, schema: schema))
            files.append((releasesURL.path, record.fileText))
            standardOutput("\(replacing ? "Replaced" : "Recorded") release \(version) (\(schema.keys.count) keys) in \(releasesPath)")
        }
        if case .generate(let output) = action { files.append((output, source)) }
        if let settingsBundle {
            guard let bundle = SettingsBundleRenderer(sourceName: schemaURL.lastPathComponent).render(schema) else {
                standardError("\(schemaPath):1:1: error: the schema has no \"settingsBundle\"; add one, such as \"settingsBundle\": {\"groups\": [{\"title\": \"General\", \"keys\": [\"showTips\"]}]}")
                return 1
            }
            let folder = URL(fileURLWithPath: settingsBundle)
            for file in bundle.files { files.append((folder.appendingPathComponent(file.path).path, file.text)) }
            Self.removeFormerScreens(in: folder, keeping: Set(bundle.files.map(\.path)))
        }
        if let reference {
            files.append((reference, SettingsReferenceRenderer(sourceName: schemaURL.lastPathComponent, namespace: schema.keyList ?? generator.namespace).render(schema)))
        }
        if let appConfig, let bundleID {
            let spec = AppConfigSpecRenderer(sourceName: schemaURL.lastPathComponent, bundleID: bundleID).render(schema)
            for warning in spec.warnings { standardError(warning.formatted(path: schemaPath)) }
            guard let text = spec.text else {
                standardError("\(schemaPath):1:1: error: no managed key to write in the AppConfig specfile; mark the keys an administrator may set with \"managed\": true")
                return 1
            }
            files.append((appConfig, text))
        }
        for (path, text) in files {
            do {
                try Self.writeIfChanged(text, to: URL(fileURLWithPath: path))
            } catch {
                standardError("\(path): error: cannot write the file: \(error.localizedDescription)")
                return 1
            }
        }
        return 0
    }

    /// Removes the screens this generator wrote into `folder` before that the bundle no longer has (a suite that
    /// left it): top-level property lists starting with the generator's header, other than `keeping`. A file of
    /// the user's own has no such header and stays.
    static func removeFormerScreens(in folder: URL, keeping: Set<String>) {
        let header = "\n<!-- Generated by typed-defaults-gen from "
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasSuffix(".plist") && !keeping.contains(name) {
            let url = folder.appendingPathComponent(name)
            // The header is the third line, well within the first 400 bytes.
            guard let handle = try? FileHandle(forReadingFrom: url) else { continue }
            let start = String(decoding: (try? handle.read(upToCount: 400)) ?? Data(), as: UTF8.self)
            try? handle.close()
            if start.contains(header) { try? FileManager.default.removeItem(at: url) }
        }
    }

    /// Writes atomically (a reader never sees half a file) and only when the content differs.
    static func writeIfChanged(_ source: String, to url: URL) throws {
        let data = Data(source.utf8)
        if let existing = try? Data(contentsOf: url), existing == data { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }
}
