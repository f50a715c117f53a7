import DefaultsFormats

extension ReleaseRecord {
    /// The file's text: one line per key and per type, in a stable order, so a new release is a readable diff.
    package var fileText: String {
        var lines = ["{", "  \"$comment\": \"Written by typed-defaults-gen --record-release: what each release stored. Commit it; do not edit by hand.\",", "  \"releases\": ["]
        for (index, release) in releases.enumerated() {
            lines.append("    {")
            lines.append("      \"version\": \(Self.quoted(release.version)),")
            lines.append("      \"keys\": [")
            for (keyIndex, key) in release.keys.enumerated() {
                var members = ["\"swiftName\": \(Self.quoted(key.identifier))", "\"name\": \(Self.quoted(key.storedName))"]
                if let literal = key.suite.literal { members.append("\"suite\": \(Self.quoted(literal))") }
                if let expression = key.suite.expression { members.append("\"swiftSuite\": \(Self.quoted(expression))") }
                members.append("\"type\": \(Self.quoted(key.type))")
                if let minimum = key.minimum { members.append("\"minimum\": \(minimum)") }
                if let maximum = key.maximum { members.append("\"maximum\": \(maximum)") }
                if let json = key.defaultJSON { members.append("\"default\": \(json)") }
                if let expression = key.swiftDefault { members.append("\"swiftDefault\": \(Self.quoted(expression))") }
                if let version = key.acceptedLossSince { members.append("\"acceptLostValuesSince\": \(Self.quoted(version))") }
                lines.append("        { " + members.joined(separator: ", ") + " }" + (keyIndex == release.keys.count - 1 ? "" : ","))
            }
            lines.append("      ],")
            // Only releases with families say so: files of schemas without them stay as they were.
            if !release.families.isEmpty {
                lines.append("      \"families\": [")
                lines += release.families.enumerated().map { "        " + $1.fileMembers + ($0 == release.families.count - 1 ? "" : ",") }
                lines.append("      ],")
            }
            lines.append("      \"types\": {" + (release.types.isEmpty ? "}" : ""))
            let names = release.types.keys.sorted()
            for (typeIndex, name) in names.enumerated() {
                let text: String
                switch release.types[name]! {
                case .enumeration(let isInt, let raws):
                    text = "{ \"cases\": [" + raws.map { isInt ? $0 : Self.quoted($0) }.joined(separator: ", ") + "] }"
                case .record(let fields):
                    let required = fields.filter(\.isRequired).map { Self.quoted($0.name) }
                    text = "{ \"fields\": { " + fields.map { "\(Self.quoted($0.name)): \(Self.quoted($0.type))" }.joined(separator: ", ") + " }"
                        + (required.isEmpty ? "" : ", \"required\": [" + required.joined(separator: ", ") + "]") + " }"
                }
                lines.append("        \(Self.quoted(name)): \(text)" + (typeIndex == names.count - 1 ? "" : ","))
            }
            if !release.types.isEmpty { lines.append("      }") }
            lines.append("    }" + (index == releases.count - 1 ? "" : ","))
        }
        lines.append("  ]")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    static func quoted(_ text: String) -> String { quotedJSONString(text) }

    /// Reads the file's JSON; problems are reported at their place in the file, and end the reading.
    package static func read(_ root: JSONNode, diagnostics: inout Diagnostics) -> ReleaseRecord? {
        let before = diagnostics.errors.count
        func fail(_ node: JSONNode, _ message: String) { diagnostics.error(node.location, message) }
        guard case .object(let members) = root.value, let releasesNode = members.first(where: { $0.name == "releases" })?.node,
            case .array(let releaseNodes) = releasesNode.value else {
            fail(root, Messages.Releases.recordNotObject())
            return nil
        }
        var record = ReleaseRecord()
        for releaseNode in releaseNodes {
            guard case .object(let fields) = releaseNode.value,
                case .string(let version)? = fields.first(where: { $0.name == "version" })?.node.value,
                let keysNode = fields.first(where: { $0.name == "keys" })?.node, case .array(let keyNodes) = keysNode.value else {
                fail(releaseNode, Messages.Releases.releaseMalformed())
                continue
            }
            var keys: [RecordedKey] = []
            for keyNode in keyNodes {
                guard let key = readKey(keyNode) else {
                    fail(keyNode, Messages.Releases.recordedKeyMalformed())
                    continue
                }
                keys.append(key)
            }
            var types: [String: RecordedType] = [:]
            if let typesNode = fields.first(where: { $0.name == "types" })?.node {
                guard case .object(let typeMembers) = typesNode.value else {
                    fail(typesNode, Messages.Releases.typesNotObject())
                    continue
                }
                for member in typeMembers {
                    guard let type = readType(member.node) else {
                        fail(member.node, Messages.Releases.recordedTypeMalformed())
                        continue
                    }
                    types[member.name] = type
                }
            }
            var release = Release(version: version, keys: keys, types: types)
            release.families = readFamilies(of: fields, diagnostics: &diagnostics)
            record.releases.append(release)
        }
        return diagnostics.errors.count == before ? record : nil
    }

    private static func readKey(_ node: JSONNode) -> RecordedKey? {
        guard case .object(let fields) = node.value else { return nil }
        func text(_ name: String) -> String? {
            if case .string(let value)? = fields.first(where: { $0.name == name })?.node.value { return value }
            return nil
        }
        func number(_ name: String) -> String? {
            if case .number(let value)? = fields.first(where: { $0.name == name })?.node.value { return value }
            return nil
        }
        guard let identifier = text("swiftName"), let name = text("name"), let type = text("type") else { return nil }
        var key = RecordedKey(identifier: identifier, storedName: name, suite: RecordedSuite(literal: text("suite"), expression: text("swiftSuite")),
                              type: type, minimum: number("minimum"), maximum: number("maximum"), location: node.location)
        key.defaultJSON = fields.first(where: { $0.name == "default" }).map { compactJSONText($0.node) }
        key.swiftDefault = text("swiftDefault")
        key.acceptedLossSince = text("acceptLostValuesSince")
        return key
    }

    private static func readType(_ node: JSONNode) -> RecordedType? {
        guard case .object(let fields) = node.value else { return nil }
        if case .array(let cases)? = fields.first(where: { $0.name == "cases" })?.node.value {
            var raws: [String] = []
            var isInt = false
            for element in cases {
                switch element.value {
                case .string(let raw): raws.append(raw)
                case .number(let raw): raws.append(raw); isInt = true
                default: return nil
                }
            }
            return .enumeration(isIntBacked: isInt, rawValues: raws)
        }
        guard case .object(let members)? = fields.first(where: { $0.name == "fields" })?.node.value else { return nil }
        var required = Set<String>()
        if case .array(let names)? = fields.first(where: { $0.name == "required" })?.node.value {
            for name in names { if case .string(let text) = name.value { required.insert(text) } }
        }
        var recorded: [RecordedField] = []
        for member in members {
            guard case .string(let type) = member.node.value else { return nil }
            recorded.append(RecordedField(name: member.name, type: type, isRequired: required.contains(member.name)))
        }
        return .record(recorded)
    }
}
