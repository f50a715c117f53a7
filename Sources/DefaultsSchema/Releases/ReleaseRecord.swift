import DefaultsFormats

/// `defaults.releases.json`: what each shipped release stored, so that the build can check every later schema
/// against it. Written by `typed-defaults-gen --record-release VERSION` (or the `record-defaults-release` command
/// plugin) and committed beside the schema.
package struct ReleaseRecord: Sendable, Equatable {
    /// The file's name, beside `defaults.json`.
    package static let fileName = "defaults.releases.json"

    /// The releases, in the order recorded.
    package var releases: [Release] = []

    package init(releases: [Release] = []) {
        self.releases = releases
    }

    /// Adds `release`, or replaces the one of the same version (re-recording a release candidate).
    package mutating func record(_ release: Release) {
        if let index = releases.firstIndex(where: { $0.version == release.version }) {
            releases[index] = release
        } else {
            releases.append(release)
        }
    }
}

/// What one release stored: each key's stored name, suite and type, and the schema types those name.
package struct Release: Sendable, Equatable {
    /// The app version, as given when recording (`1.4`).
    package var version: String
    /// The keys, sorted by suite and stored name.
    package var keys: [RecordedKey]
    /// The enums and records the keys' types name.
    package var types: [String: RecordedType]
    /// The key families, sorted by suite and name template.
    package var families: [RecordedFamily] = []

    package init(version: String, schema: Schema) {
        self.version = version
        keys = schema.keys.map { key in
            var recorded = RecordedKey(identifier: key.identifier, storedName: key.storedName, suite: RecordedSuite(literal: key.suite, expression: key.swiftSuite),
                                       type: key.type.description, minimum: key.minimum.flatMap(Self.numberText), maximum: key.maximum.flatMap(Self.numberText))
            recorded.defaultJSON = key.defaultJSON
            if case .swiftExpression(let expression)? = key.defaultValue { recorded.swiftDefault = expression }
            recorded.acceptedLossSince = key.acceptLostValuesSince?.version
            return recorded
        }.sorted { ($0.suite.sortKey, $0.storedName) < ($1.suite.sortKey, $1.storedName) }
        families = schema.families.map(RecordedFamily.init).sorted { ($0.suite.sortKey, $0.nameTemplate) < ($1.suite.sortKey, $1.nameTemplate) }
        var types: [String: RecordedType] = [:]
        for declaration in schema.enums {
            types[declaration.name] = .enumeration(isIntBacked: declaration.isIntBacked, rawValues: declaration.cases.map(\.rawValue))
        }
        for record in schema.records {
            types[record.name] = .record(record.fields.map { RecordedField(name: $0.identifier, type: $0.type.description, isRequired: $0.defaultValue == nil) })
        }
        self.types = types
    }

    /// A release as read from the file.
    package init(version: String, keys: [RecordedKey], types: [String: RecordedType]) {
        self.version = version
        self.keys = keys
        self.types = types
    }

    private static func numberText(_ value: DefaultValue) -> String? {
        switch value {
        case .integer(let text): return text
        case .double(let number): return number.description
        case .float(let number): return number.description
        default: return nil
        }
    }
}

/// Where a recorded key lived: the standard suite, a named one, or one named at run time by an expression.
package struct RecordedSuite: Sendable, Equatable, Hashable, CustomStringConvertible {
    package var literal: String?
    /// `swiftSuite`.
    package var expression: String?

    /// Standard when both are `nil`.
    package init(literal: String?, expression: String?) {
        self.literal = literal
        self.expression = expression
    }

    package var isStandard: Bool { literal == nil && expression == nil }

    var sortKey: String { literal.map { "1" + $0 } ?? expression.map { "2" + $0 } ?? "0" }

    /// In words: `the standard suite`, `"group.x"`, `the suite AppGroup.id names`.
    package var description: String {
        if let literal { return "\"\(literal)\"" }
        if let expression { return "the suite \(expression) names" }
        return "the standard suite"
    }
}

/// One key of a release.
package struct RecordedKey: Sendable, Equatable {
    /// The Swift name it had.
    package var identifier: String
    /// The stored name (key prefix included).
    package var storedName: String
    package var suite: RecordedSuite
    /// Its type, in Swift spelling.
    package var type: String
    /// Its range, as number text.
    package var minimum: String?
    package var maximum: String?
    /// Where the entry is in the release file (for errors in the file itself).
    package var location = SchemaLocation(line: 1, column: 1)
    /// The default as the schema wrote it (compact JSON), read again as the key's current type to tell whether the
    /// default changed; `nil` for none (or a release recorded before defaults were).
    package var defaultJSON: String? = nil
    package var swiftDefault: String? = nil
    /// `acceptLostValuesSince` as the key had it: the loss of values stored by this release and earlier ones was
    /// accepted when this release shipped, so later checks do not ask again.
    package var acceptedLossSince: String? = nil

    /// Compares what was stored, not where the entry is written.
    package static func == (lhs: RecordedKey, rhs: RecordedKey) -> Bool {
        (lhs.identifier, lhs.storedName, lhs.suite, lhs.type, lhs.minimum, lhs.maximum)
            == (rhs.identifier, rhs.storedName, rhs.suite, rhs.type, rhs.minimum, rhs.maximum)
            && (lhs.defaultJSON, lhs.swiftDefault, lhs.acceptedLossSince) == (rhs.defaultJSON, rhs.swiftDefault, rhs.acceptedLossSince)
    }
}

/// An enum or record type of a release.
package enum RecordedType: Sendable, Equatable {
    /// An enum and its raw values (integers as decimal text).
    case enumeration(isIntBacked: Bool, rawValues: [String])
    case record([RecordedField])
}

/// One field of a recorded record type.
package struct RecordedField: Sendable, Equatable {
    package var name: String
    package var type: String
    package var isRequired: Bool
}
