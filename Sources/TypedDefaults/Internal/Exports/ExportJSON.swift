internal import DefaultsFormats
import Foundation

/// A settings file as JSON: what ``DefaultsExport/data(as:)`` writes and ``DefaultsExport/init(data:)`` reads.
///
/// JSON tells strings, booleans, numbers, arrays and objects apart; what it cannot tell is tagged, a one-member
/// object (``ExportTags``): data, dates, doubles that are not finite, integers above `Int64.max`, and a dictionary
/// with a member whose name starts with `$`. A double is always written with a fraction or an exponent (`1.0`), an
/// integer never, so the two stay apart.
enum ExportJSON {
    static let document = JSONDocumentKind(
        name: "a settings file", expectedRoot: "a settings file is a JSON object such as {\"format\": \"\(ExportTags.formatName)\", …}",
        commentHint: "")

    // MARK: Writing

    static func write(_ export: DefaultsExport) -> Data {
        var text = "{\n"
        var header: [(String, String)] = [
            ("format", quoted(ExportTags.formatName)),
            ("formatVersion", String(export.formatVersion)),
        ]
        if let app = export.app { header.append(("app", quoted(app))) }
        if let version = export.appVersion { header.append(("appVersion", quoted(version))) }
        if let release = export.schemaRelease { header.append(("schemaRelease", quoted(release))) }
        header.append(("exported", quoted(ExportTags.isoText(export.date))))
        for (name, value) in header { text += "  \(quoted(name)): \(value),\n" }
        text += "  \"settings\": ["
        for (index, setting) in export.settings.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += "    {\"name\": \(quoted(setting.name))"
            if let suite = setting.suite { text += ", \"suite\": \(quoted(suite))" }
            text += ", \"value\": "
            write(setting.value, indent: "    ", into: &text)
            text += "}"
        }
        text += export.settings.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return Data(text.utf8)
    }

    private static func write(_ value: PortableValue, indent: String, into text: inout String) {
        switch value {
        case .string(let string): text += quoted(string)
        case .bool(let flag): text += flag ? "true" : "false"
        case .integer(let integer): text += String(integer)
        case .unsigned(let integer): text += "{\"\(ExportTags.integer)\": \(quoted(String(integer)))}"
        case .double(let double):
            if double.isFinite {
                let written = "\(double)"
                text += written.contains(where: { $0 == "." || $0 == "e" }) ? written : written + ".0"
            } else {
                text += "{\"\(ExportTags.double)\": \(quoted(ExportTags.nonFiniteText(double)))}"
            }
        case .date(let date):
            text += "{\"\(ExportTags.date)\": \(quoted(ExportTags.isoText(date)))"
            if let exact = ExportTags.exactSeconds(of: date) { text += ", \"\(ExportTags.exact)\": \(exact)" }
            text += "}"
        case .data(let data): text += "{\"\(ExportTags.data)\": \(quoted(data.base64EncodedString()))}"
        case .array(let elements):
            guard !elements.isEmpty else { text += "[]"; return }
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += ", " }
                write(element, indent: indent, into: &text)
            }
            text += "]"
        case .dictionary(let members):
            let tagged = members.keys.contains { $0.hasPrefix("$") }
            if tagged { text += "{\"\(ExportTags.dictionary)\": " }
            if members.isEmpty {
                text += "{}"
            } else {
                text += "{"
                for (index, name) in members.keys.sorted().enumerated() {
                    if index > 0 { text += ", " }
                    text += "\(quoted(name)): "
                    write(members[name]!, indent: indent, into: &text)
                }
                text += "}"
            }
            if tagged { text += "}" }
        }
    }

    /// `string` as a JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
    static func quoted(_ string: String) -> String { quotedJSONString(string) }

    // MARK: Reading

    static func read(_ bytes: [UInt8]) throws -> DefaultsExport {
        let (root, problems) = JSONReader.read(bytes, as: document)
        if let problem = problems.first { throw DefaultsImportError(at: problem.location, problem.message) }
        guard let root else { throw DefaultsImportError(message: "the file holds no JSON value") }
        guard case .object(let members) = root.value else {
            throw DefaultsImportError(at: root.location, "the file holds \(root.value.kindDescription); a settings file is a JSON object")
        }
        func member(_ name: String) -> JSONNode? { members.first { $0.name == name }?.node }
        guard let format = member("format"), case .string(ExportTags.formatName) = format.value else {
            throw DefaultsImportError(at: member("format")?.location ?? root.location,
                                      "not a settings file: \"format\" is not \"\(ExportTags.formatName)\"")
        }
        let version = try formatVersion(member("formatVersion"), root: root)
        let date: Date
        if let node = member("exported") {
            guard case .string(let text) = node.value, let seconds = parseISO8601(text) else {
                throw DefaultsImportError(at: node.location, "\"exported\" is not an ISO 8601 date such as \"2026-01-31T12:00:00Z\"")
            }
            date = Date(timeIntervalSince1970: seconds)
        } else {
            date = Date(timeIntervalSince1970: 0)
        }
        guard let settingsNode = member("settings"), case .array(let elements) = settingsNode.value else {
            throw DefaultsImportError(at: member("settings")?.location ?? root.location, "\"settings\" is missing or not an array")
        }
        var settings: [DefaultsExport.Setting] = []
        settings.reserveCapacity(elements.count)
        var seen: [String: TextLocation] = [:]
        for element in elements {
            let setting = try readSetting(element)
            let identity = (setting.suite ?? "") + "\u{0}" + setting.name
            if let first = seen[identity] {
                throw DefaultsImportError(at: element.location, "the setting \"\(setting.name)\" appears twice (first at \(first)); keep one")
            }
            seen[identity] = element.location
            settings.append(setting)
        }
        return DefaultsExport(formatVersion: version, app: try optionalString(member("app"), "app"),
                              appVersion: try optionalString(member("appVersion"), "appVersion"),
                              schemaRelease: try optionalString(member("schemaRelease"), "schemaRelease"), date: date, settings: settings)
    }

    private static func formatVersion(_ node: JSONNode?, root: JSONNode) throws -> Int {
        guard let node, case .number(let text) = node.value, let version = Int(text), version >= 1 else {
            throw DefaultsImportError(at: node?.location ?? root.location, "\"formatVersion\" is missing or not a whole number from 1")
        }
        guard version <= DefaultsExport.currentFormatVersion else {
            throw DefaultsImportError(at: node.location, "the file's format \(version) is newer than this app reads (\(DefaultsExport.currentFormatVersion)); update the app, or export again from the version that made it")
        }
        return version
    }

    private static func optionalString(_ node: JSONNode?, _ name: String) throws -> String? {
        guard let node else { return nil }
        if case .null = node.value { return nil }
        guard case .string(let text) = node.value else {
            throw DefaultsImportError(at: node.location, "\"\(name)\" is \(node.value.kindDescription); a string is expected")
        }
        return text
    }

    private static func readSetting(_ node: JSONNode) throws -> DefaultsExport.Setting {
        guard case .object(let members) = node.value else {
            throw DefaultsImportError(at: node.location, "a setting is \(node.value.kindDescription); an object with \"name\" and \"value\" is expected")
        }
        var name: String?, suite: String?, value: PortableValue?
        for member in members {
            switch member.name {
            case "name":
                guard case .string(let text) = member.node.value, !text.isEmpty else {
                    throw DefaultsImportError(at: member.node.location, "a setting's \"name\" is not a non-empty string")
                }
                name = text
            case "suite": suite = try optionalString(member.node, "suite")
            case "value": value = try readValue(member.node, depth: 0)
            default: throw DefaultsImportError(at: member.nameLocation, "unknown member \"\(member.name)\" in a setting; a setting has \"name\", \"suite\" and \"value\"")
            }
        }
        guard let name else { throw DefaultsImportError(at: node.location, "a setting has no \"name\"") }
        guard let value else { throw DefaultsImportError(at: node.location, "the setting \"\(name)\" has no \"value\"") }
        return DefaultsExport.Setting(name: name, suite: suite, value: value)
    }

    private static func readValue(_ node: JSONNode, depth: Int) throws -> PortableValue {
        guard depth < PortableValue.maximumDepth else {
            throw DefaultsImportError(at: node.location, "a value nests deeper than \(PortableValue.maximumDepth) levels; no setting does")
        }
        switch node.value {
        case .string(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        case .null: throw DefaultsImportError(at: node.location, "null is no setting's value; leave the setting out instead")
        case .number(let text):
            if isIntegerText(text) {
                guard let integer = ExportTags.integer(text) else {
                    throw DefaultsImportError(at: node.location, "the integer \(text) is outside what a setting holds (64 bits)")
                }
                return integer
            }
            guard let double = Double(text), double.isFinite else {
                throw DefaultsImportError(at: node.location, "the number \(text) is outside what a setting holds")
            }
            return .double(double)
        case .array(let elements):
            return .array(try elements.map { try readValue($0, depth: depth + 1) })
        case .object(let members):
            if let tag = members.first(where: { $0.name == ExportTags.date }) ?? members.first(where: { $0.name.hasPrefix("$") }) {
                return try readTagged(tag, in: members, at: node.location, depth: depth)
            }
            var values: [String: PortableValue] = [:]
            for member in members { values[member.name] = try readValue(member.node, depth: depth + 1) }
            return .dictionary(values)
        }
    }

    private static func readTagged(_ tag: JSONMember, in members: [JSONMember], at location: TextLocation, depth: Int) throws -> PortableValue {
        let allowed: Set<String> = tag.name == ExportTags.date ? [ExportTags.date, ExportTags.exact] : [tag.name]
        if let extra = members.first(where: { !allowed.contains($0.name) }) {
            throw DefaultsImportError(at: extra.nameLocation, "a tagged value (\(tag.name)) has the member \"\(extra.name)\" too; a dictionary with names starting with $ is written {\"\(ExportTags.dictionary)\": {…}}")
        }
        let node = tag.node
        func text() throws -> String {
            guard case .string(let text) = node.value else {
                throw DefaultsImportError(at: node.location, "\(tag.name) takes a string, not \(node.value.kindDescription)")
            }
            return text
        }
        switch tag.name {
        case ExportTags.data:
            guard let data = Data(base64Encoded: try text()) else { throw DefaultsImportError(at: node.location, "\(tag.name) is not Base64 text") }
            return .data(data)
        case ExportTags.date:
            let exact = members.first { $0.name == ExportTags.exact }.flatMap { member -> Double? in
                if case .number(let text) = member.node.value { return Double(text) }
                return nil
            }
            guard let date = ExportTags.date(isoText: try text(), exactSeconds: exact) else {
                throw DefaultsImportError(at: node.location, "\(tag.name) is not an ISO 8601 date such as \"2026-01-31T12:00:00.250Z\"")
            }
            return .date(date)
        case ExportTags.double:
            guard let double = ExportTags.nonFinite(try text()) else {
                throw DefaultsImportError(at: node.location, "\(tag.name) is \"nan\", \"inf\" or \"-inf\"; write a finite number as a JSON number")
            }
            return .double(double)
        case ExportTags.integer:
            guard let integer = ExportTags.integer(try text()) else { throw DefaultsImportError(at: node.location, "\(tag.name) is not a 64-bit integer") }
            return integer
        case ExportTags.dictionary:
            guard case .object(let inner) = node.value else {
                throw DefaultsImportError(at: node.location, "\(tag.name) takes an object, not \(node.value.kindDescription)")
            }
            var values: [String: PortableValue] = [:]
            for member in inner { values[member.name] = try readValue(member.node, depth: depth + 1) }
            return .dictionary(values)
        default:
            throw DefaultsImportError(at: tag.nameLocation, "unknown tag \"\(tag.name)\"; a dictionary with names starting with $ is written {\"\(ExportTags.dictionary)\": {…}}")
        }
    }
}

extension DefaultsImportError {
    init(at location: TextLocation, _ message: String) {
        self.init(line: location.line, column: location.column, message: message)
    }
}
