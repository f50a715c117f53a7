/// The whole generator: schema bytes in, Swift source or located diagnostics out.
public struct DefaultsKeysGenerator {
    /// The namespace of the key list (`DefaultsKeys.<namespace>.all`).
    public var namespace: String
    /// Overrides the schema's `access` when set.
    public var accessOverride: AccessLevel?

    /// A generator listing keys under `DefaultsKeys.<namespace>`.
    public init(namespace: String, accessOverride: AccessLevel? = nil) {
        self.namespace = namespace
        self.accessOverride = accessOverride
    }

    /// The outcome of one run.
    public struct Output: Sendable {
        /// The generated Swift source, or `nil` when there was an error.
        public var source: String?
        /// Every error, warning and note, in file order.
        public var diagnostics: [Diagnostic]
    }

    /// Reads, validates and renders `schema`; `sourceName` is named in the generated header.
    public func generate(schema: [UInt8], sourceName: String) -> Output {
        var diagnostics = Diagnostics()
        guard let root = JSONReader.read(schema, diagnostics: &diagnostics),
            let model = SchemaValidator(namespace: namespace, accessOverride: accessOverride).validate(root, diagnostics: &diagnostics)
        else {
            return Output(source: nil, diagnostics: sorted(diagnostics))
        }
        let source = SwiftRenderer(sourceName: sourceName, namespace: namespace).render(model)
        return Output(source: source, diagnostics: sorted(diagnostics))
    }

    /// Diagnostics in file order; a note stays right after the diagnostic it belongs to.
    private func sorted(_ diagnostics: Diagnostics) -> [Diagnostic] {
        diagnostics.all.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
    }

    /// A namespace name made from a target or directory name: `my-app` → `MyApp`, `2D` → `_2D`.
    public static func namespace(fromTargetName name: String) -> String {
        guard let camel = SwiftSyntax.caseIdentifier(fromRawValue: name) else { return "Schema" }
        let upper = camel.prefix(1).uppercased() + camel.dropFirst()
        return SwiftSyntax.keywords.contains(upper) || SwiftSyntax.unusableNames.contains(upper) ? upper + "Keys" : upper
    }
}
