import DefaultsFormats

/// The whole generator: schema bytes in, Swift source or located diagnostics out.
package struct DefaultsKeysGenerator {
    /// The namespace of the key list (`DefaultsKeys.<namespace>.all`).
    package var namespace: String
    /// Overrides the schema's `access` when set.
    package var accessOverride: AccessLevel?
    /// The bundle the generated titles are translated through.
    package var stringsBundle: StringsBundle

    /// A generator listing keys under `DefaultsKeys.<namespace>`, translating titles through `stringsBundle`.
    package init(namespace: String, accessOverride: AccessLevel? = nil, stringsBundle: StringsBundle = .declaringModule) {
        self.namespace = namespace
        self.accessOverride = accessOverride
        self.stringsBundle = stringsBundle
    }

    /// The outcome of one run.
    package struct Output: Sendable {
        /// The generated Swift source, or `nil` when there was an error.
        package var source: String?
        /// Every error and warning, in file order.
        package var diagnostics: [Diagnostic]
        /// The validated schema, for the other outputs (Settings bundle, reference), or `nil` after an error.
        package var schema: Schema? = nil
        /// Problems in the release record file itself (located in that file).
        package var releaseFileDiagnostics: [Diagnostic] = []
        /// The release record read, when one was given and read.
        package var releases: ReleaseRecord? = nil
    }

    /// Reads, validates and renders `schema`; `sourceName` is named in the generated header, and `sourcePath` is
    /// where the compiler reports a nested type's outer name that the module lacks (`nil`: at the generated file).
    /// With `releases` (the bytes of `defaults.releases.json`), the schema is also checked against every release.
    package func generate(schema: [UInt8], sourceName: String, sourcePath: String? = nil, releases: [UInt8]? = nil) -> Output {
        var diagnostics = Diagnostics()
        var releaseDiagnostics = Diagnostics()
        let record = releases.flatMap { bytes in
            JSONReader.read(bytes, diagnostics: &releaseDiagnostics).flatMap { ReleaseRecord.read($0, diagnostics: &releaseDiagnostics) }
        }
        guard let root = JSONReader.read(schema, diagnostics: &diagnostics),
            var model = SchemaValidator(namespace: namespace, accessOverride: accessOverride).validate(root, diagnostics: &diagnostics)
        else {
            return Output(source: nil, diagnostics: sorted(diagnostics), releaseFileDiagnostics: sorted(releaseDiagnostics), releases: record)
        }
        if let record {
            model.latestRelease = record.releases.last?.version
            let checker = ReleaseChecker(schema: model)
            checker.check(record, diagnostics: &diagnostics)
            for index in model.keys.indices { model.keys[index].previousDefaults = checker.previousDefaults(of: model.keys[index], in: record) }
        } else {
            for key in model.keys {
                if let keep = key.keepPreviousDefault {
                    let message = Messages.Keys.keepPreviousDefaultWithoutReleases(releasesFile: ReleaseRecord.fileName)
                    diagnostics.warning(keep, message)
                }
            }
        }
        guard !diagnostics.hasErrors, !releaseDiagnostics.hasErrors else {
            return Output(source: nil, diagnostics: sorted(diagnostics), releaseFileDiagnostics: sorted(releaseDiagnostics), releases: record)
        }
        let source = SwiftRenderer(sourceName: sourceName, namespace: model.keyList ?? namespace, sourcePath: sourcePath,
                                   stringsBundle: stringsBundle).render(model)
        return Output(source: source, diagnostics: sorted(diagnostics), schema: model, releaseFileDiagnostics: sorted(releaseDiagnostics), releases: record)
    }

    /// `keepPreviousDefault` without a release record: no earlier default is known (for the tests).
    static var keepWithoutReleasesMessage: String {
        Messages.Keys.keepPreviousDefaultWithoutReleases(releasesFile: ReleaseRecord.fileName)
    }

    /// Diagnostics in file order; two at one place keep the order they were found in.
    private func sorted(_ diagnostics: Diagnostics) -> [Diagnostic] {
        diagnostics.all.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
    }

    /// A namespace name made from a target or directory name: a name that is already a Swift identifier is
    /// kept as it is (`IINA`, `NetNewsWire`); another is made one (`my-app` → `MyApp`, `2D` → `_2D`).
    package static func namespace(fromTargetName name: String) -> String {
        if SwiftNames.isUsableIdentifier(name) {
            return name
        }
        guard let camel = SwiftNames.caseIdentifier(fromRawValue: name) else { return "Schema" }
        let upper = camel.prefix(1).uppercased() + camel.dropFirst()
        return SwiftNames.isUsableIdentifier(upper) ? upper : upper + "Keys"
    }
}
