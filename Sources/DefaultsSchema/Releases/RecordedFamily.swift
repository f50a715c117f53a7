import DefaultsFormats

/// One key family of a release: its name template, parameter type, suite and value type.
package struct RecordedFamily: Sendable, Equatable {
    /// The Swift name it had.
    package var identifier: String
    /// The name template its members were stored under (`selectedCalendars_{widgetID}`).
    package var nameTemplate: String
    /// The parameter's type: `String` or `Int`.
    package var parameterType: String
    package var suite: RecordedSuite
    /// The members' type, in Swift spelling.
    package var type: String
    /// Where the entry is in the release file.
    package var location = SchemaLocation(line: 1, column: 1)

    package init(identifier: String, nameTemplate: String, parameterType: String, suite: RecordedSuite, type: String,
                 location: SchemaLocation = SchemaLocation(line: 1, column: 1)) {
        self.identifier = identifier
        self.nameTemplate = nameTemplate
        self.parameterType = parameterType
        self.suite = suite
        self.type = type
        self.location = location
    }

    init(_ family: KeyFamilyDeclaration) {
        self.init(identifier: family.key.identifier, nameTemplate: family.nameTemplate, parameterType: family.parameterType.rawValue,
                  suite: RecordedSuite(literal: family.key.suite, expression: family.key.swiftSuite), type: family.key.type.description)
    }

    /// Compares what was stored, not where the entry is written.
    package static func == (lhs: RecordedFamily, rhs: RecordedFamily) -> Bool {
        (lhs.identifier, lhs.nameTemplate, lhs.parameterType, lhs.suite, lhs.type) == (rhs.identifier, rhs.nameTemplate, rhs.parameterType, rhs.suite, rhs.type)
    }

    /// The entry's members in the release file, on one line.
    var fileMembers: String {
        var members = ["\"swiftName\": \(ReleaseRecord.quoted(identifier))", "\"name\": \(ReleaseRecord.quoted(nameTemplate))",
                       "\"parameter\": \(ReleaseRecord.quoted(parameterType))"]
        if let literal = suite.literal { members.append("\"suite\": \(ReleaseRecord.quoted(literal))") }
        if let expression = suite.expression { members.append("\"swiftSuite\": \(ReleaseRecord.quoted(expression))") }
        members.append("\"type\": \(ReleaseRecord.quoted(type))")
        return "{ " + members.joined(separator: ", ") + " }"
    }

    /// Reads an entry of a release's `"families"`; `nil` when a field is missing.
    static func read(_ node: JSONNode) -> RecordedFamily? {
        guard case .object(let fields) = node.value else { return nil }
        func text(_ name: String) -> String? {
            if case .string(let value)? = fields.first(where: { $0.name == name })?.node.value { return value }
            return nil
        }
        guard let identifier = text("swiftName"), let template = text("name"), let parameter = text("parameter"), let type = text("type") else { return nil }
        return RecordedFamily(identifier: identifier, nameTemplate: template, parameterType: parameter,
                              suite: RecordedSuite(literal: text("suite"), expression: text("swiftSuite")), type: type, location: node.location)
    }
}

extension ReleaseRecord {
    /// Reads a release's `"families"` (absent in releases without families, and in files written before them).
    static func readFamilies(of fields: [JSONMember], diagnostics: inout Diagnostics) -> [RecordedFamily] {
        guard let node = fields.first(where: { $0.name == "families" })?.node else { return [] }
        guard case .array(let entries) = node.value else {
            diagnostics.error(node.location, Messages.Releases.familiesNotArray())
            return []
        }
        return entries.compactMap { entry in
            guard let family = RecordedFamily.read(entry) else {
                diagnostics.error(entry.location, Messages.Releases.recordedFamilyMalformed())
                return nil
            }
            return family
        }
    }
}
