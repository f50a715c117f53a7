internal import DefaultsFormats
import Foundation

/// A settings file as an XML property list: the JSON file's structure, with data, strings, booleans, integers and
/// finite doubles in the property list's own elements.
///
/// An XML `<date>` holds whole seconds, so a date is the JSON file's tagged form (`$date` text to the millisecond,
/// `$exact` seconds when that text is not exact), as are doubles that are not finite, negative zero (a `<real>`
/// loses its sign) and integers above `Int64.max`. A string the XML would not give back (one starting with a byte
/// order mark, which Foundation's parser drops, or holding a control character or a noncharacter XML forbids) is
/// its UTF-8 data: `$string` for a value, `nameData` and `suiteData` for a setting's name and suite, and a
/// dictionary with such a key is `$entries` pairs. A `<date>` written by hand is read too. Only XML is read: a
/// binary property list cannot be checked for nesting and duplicate keys before Foundation parses it.
enum ExportPropertyList {
    /// How deep a file's elements may nest, checked on the text before Foundation parses it.
    static let maximumDepth = 2 * PortableValue.maximumDepth + 8

    static func looksLikePropertyList(_ bytes: [UInt8]) -> Bool {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard let first = bytes[start...].firstIndex(where: { !" \t\r\n".utf8.contains($0) }) else { return false }
        return bytes[first...].starts(with: Array("<?xml".utf8)) || bytes[first...].starts(with: Array("<plist".utf8))
            || bytes[first...].starts(with: Array("<!DOCTYPE".utf8)) || bytes.starts(with: Array("bplist".utf8))
    }

    // MARK: Writing

    static func write(_ export: DefaultsExport) -> Data {
        var root: [String: Any] = [
            "format": ExportTags.formatName,
            "formatVersion": export.formatVersion,
            "exported": ExportTags.isoText(export.date),
        ]
        if let app = export.app { root["app"] = app }
        if let version = export.appVersion { root["appVersion"] = version }
        if let release = export.schemaRelease { root["schemaRelease"] = release }
        root["settings"] = export.settings.map { setting -> [String: Any] in
            var entry: [String: Any] = ["value": object(setting.value)]
            if needsProtection(setting.name) { entry["nameData"] = Data(setting.name.utf8) } else { entry["name"] = setting.name }
            if let suite = setting.suite {
                if needsProtection(suite) { entry["suiteData"] = Data(suite.utf8) } else { entry["suite"] = suite }
            }
            return entry
        }
        // A tree of property-list objects only: serialization cannot fail.
        return (try? PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)) ?? Data()
    }

    /// Whether an XML property list would not give `string` back as it is.
    static func needsProtection(_ string: String) -> Bool {
        if string.unicodeScalars.first == "\u{FEFF}" { return true }
        return string.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || scalar.value == 0xFFFE || scalar.value == 0xFFFF
        }
    }

    private static func object(_ value: PortableValue) -> Any {
        switch value {
        case .string(let string): return needsProtection(string) ? [ExportTags.string: Data(string.utf8)] as [String: Any] : string
        case .bool(let flag): return flag
        case .integer(let integer): return integer
        case .unsigned(let integer): return [ExportTags.integer: String(integer)]
        case .double(let double):
            if double == 0, double.sign == .minus { return [ExportTags.double: "-0.0"] }
            return double.isFinite ? double : [ExportTags.double: ExportTags.nonFiniteText(double)]
        case .date(let date):
            var tag: [String: Any] = [ExportTags.date: ExportTags.isoText(date)]
            if let exact = ExportTags.exactSeconds(of: date) { tag[ExportTags.exact] = Double(exact) }
            return tag
        case .data(let data): return data
        case .array(let elements): return elements.map(object)
        case .dictionary(let members):
            if members.keys.contains(where: needsProtection) {
                let pairs: [[Any]] = members.keys.sorted().map { [Data($0.utf8), object(members[$0]!)] }
                return [ExportTags.entries: pairs] as [String: Any]
            }
            let plain: [String: Any] = members.mapValues(object)
            if members.keys.contains(where: { $0.hasPrefix("$") }) { return [ExportTags.dictionary: plain] as [String: Any] }
            return plain
        }
    }

    // MARK: Reading

    static func read(_ bytes: [UInt8]) throws -> DefaultsExport {
        guard !bytes.starts(with: Array("bplist".utf8)) else {
            throw DefaultsImportError(message: "a binary property list; export the settings again, or convert the file with `plutil -convert xml1`")
        }
        try PropertyListTextCheck.check(bytes, maximumDepth: maximumDepth)
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            throw DefaultsImportError(message: "the property list does not read: \(error.localizedDescription)")
        }
        guard let members = storedDictionaryMembers(root) else {
            throw DefaultsImportError(message: "the property list's root is not a dictionary; a settings file's is")
        }
        func member(_ name: String) -> Any? { members[AnyHashable(name)] ?? nil }
        guard (member("format") as? String) == ExportTags.formatName else {
            throw DefaultsImportError(message: "not a settings file: \"format\" is not \"\(ExportTags.formatName)\"")
        }
        guard let versionNumber = member("formatVersion").flatMap(StoredNumber.ofNumber), case .signed(let version64) = versionNumber,
              version64 >= 1 else {
            throw DefaultsImportError(message: "\"formatVersion\" is missing or not a whole number from 1")
        }
        guard version64 <= DefaultsExport.currentFormatVersion else {
            throw DefaultsImportError(message: "the file's format \(version64) is newer than this app reads (\(DefaultsExport.currentFormatVersion)); update the app, or export again from the version that made it")
        }
        var date = Date(timeIntervalSince1970: 0)
        if let exported = member("exported") {
            guard let text = exported as? String, let seconds = parseISO8601(text) else {
                throw DefaultsImportError(message: "\"exported\" is not an ISO 8601 date such as \"2026-01-31T12:00:00Z\"")
            }
            date = Date(timeIntervalSince1970: seconds)
        }
        func text(_ name: String) throws -> String? {
            guard let object = member(name) else { return nil }
            guard let text = object as? String else { throw DefaultsImportError(message: "\"\(name)\" is not a string") }
            return text
        }
        guard let entries = member("settings").flatMap(storedArrayElements) else {
            throw DefaultsImportError(message: "\"settings\" is missing or not an array")
        }
        var settings: [DefaultsExport.Setting] = []
        var seen: Set<String> = []
        for (index, entry) in entries.enumerated() {
            guard let entry, let fields = storedDictionaryMembers(entry) else {
                throw DefaultsImportError(message: "setting \(index + 1) is not a dictionary with \"name\" and \"value\"")
            }
            for field in fields.keys where !["name", "nameData", "suite", "suiteData", "value"].contains(field.base as? String ?? "") {
                throw DefaultsImportError(message: "unknown member \"\(field)\" in setting \(index + 1); a setting has \"name\", \"suite\" and \"value\"")
            }
            guard let name = try settingText(of: fields, "name", setting: index), !name.isEmpty else {
                throw DefaultsImportError(message: "setting \(index + 1) has no \"name\" string")
            }
            let suite = try settingText(of: fields, "suite", setting: index)
            guard let valueObject = fields["value"] ?? nil else { throw DefaultsImportError(message: "the setting \"\(name)\" has no \"value\"") }
            let value = try read(valueObject, depth: 0, setting: name)
            guard seen.insert((suite ?? "") + "\u{0}" + name).inserted else {
                throw DefaultsImportError(message: "the setting \"\(name)\" appears twice; keep one")
            }
            settings.append(DefaultsExport.Setting(name: name, suite: suite, value: value))
        }
        return DefaultsExport(formatVersion: Int(version64), app: try text("app"), appVersion: try text("appVersion"),
                              schemaRelease: try text("schemaRelease"), date: date, settings: settings)
    }

    /// A setting's `field` (`name`, `suite`): a string, or its UTF-8 data under `<field>Data`; `nil` when absent.
    private static func settingText(of fields: [AnyHashable: Any?], _ field: String, setting index: Int) throws -> String? {
        if let object = fields[AnyHashable(field)] ?? nil {
            guard let text = object as? String else { throw DefaultsImportError(message: "setting \(index + 1) has a \"\(field)\" that is not a string") }
            return text
        }
        guard let object = fields[AnyHashable(field + "Data")] ?? nil else { return nil }
        guard let data = object as? Data, let text = String(validatingUTF8Bytes: data) else {
            throw DefaultsImportError(message: "setting \(index + 1) has a \"\(field)Data\" that is not UTF-8 data")
        }
        return text
    }

    private static func read(_ stored: Any, depth: Int, setting: String) throws -> PortableValue {
        func refuse(_ what: String) -> DefaultsImportError {
            DefaultsImportError(message: "the value of \"\(setting)\" \(what)")
        }
        guard depth < PortableValue.maximumDepth else { throw refuse("nests deeper than \(PortableValue.maximumDepth) levels; no setting does") }
        if let members = storedDictionaryMembers(stored) {
            var values: [String: Any] = [:]
            for (key, member) in members {
                guard let key = key.base as? String, let member else { throw refuse("has a dictionary key that is not a string") }
                values[key] = member
            }
            if let tag = values[ExportTags.date] != nil ? ExportTags.date : values.keys.first(where: { $0.hasPrefix("$") }) {
                return try readTagged(tag, in: values, depth: depth, setting: setting, refuse: refuse)
            }
            var result: [String: PortableValue] = [:]
            for (key, member) in values { result[key] = try read(member, depth: depth + 1, setting: setting) }
            return .dictionary(result)
        }
        if let elements = storedArrayElements(stored) {
            return .array(try elements.map { element in
                guard let element else { throw refuse("holds an empty element") }
                return try read(element, depth: depth + 1, setting: setting)
            })
        }
        guard let value = PortableValue(storedObject: stored) else { throw refuse("is no property-list value") }
        return value
    }

    private static func readTagged(_ tag: String, in values: [String: Any], depth: Int, setting: String,
                                   refuse: (String) -> DefaultsImportError) throws -> PortableValue {
        let allowed: Set<String> = tag == ExportTags.date ? [ExportTags.date, ExportTags.exact] : [tag]
        if let extra = values.keys.first(where: { !allowed.contains($0) }) {
            throw refuse("has a tagged value (\(tag)) with the member \"\(extra)\" too; a dictionary with names starting with $ is written under \(ExportTags.dictionary)")
        }
        let object = values[tag]!
        switch tag {
        case ExportTags.date:
            let exact = values[ExportTags.exact].flatMap(StoredNumber.ofNumber).flatMap { number -> Double? in
                if case .floating(let seconds) = number { return seconds }
                return nil
            }
            guard let text = object as? String, let date = ExportTags.date(isoText: text, exactSeconds: exact) else {
                throw refuse("has a \(tag) that is not an ISO 8601 date")
            }
            return .date(date)
        case ExportTags.double:
            guard let text = object as? String, let double = ExportTags.nonFinite(text) else { throw refuse("has a \(tag) other than \"nan\", \"inf\" or \"-inf\"") }
            return .double(double)
        case ExportTags.integer:
            guard let text = object as? String else { throw refuse("has a \(tag) that is not a string") }
            guard let integer = ExportTags.integer(text) else { throw refuse("has a \(tag) that is not a 64-bit integer") }
            return integer
        case ExportTags.data:
            guard let text = object as? String, let data = Data(base64Encoded: text) else { throw refuse("has a \(tag) that is not Base64 text") }
            return .data(data)
        case ExportTags.string:
            guard let data = object as? Data, let text = String(validatingUTF8Bytes: data) else { throw refuse("has a \(tag) that is not UTF-8 data") }
            return .string(text)
        case ExportTags.entries:
            guard let pairs = storedArrayElements(object) else { throw refuse("has an \(tag) that is not an array") }
            var result: [String: PortableValue] = [:]
            for pair in pairs {
                guard let pair, let parts = storedArrayElements(pair), parts.count == 2, let keyData = parts[0] as? Data,
                      let key = String(validatingUTF8Bytes: keyData), let member = parts[1] else {
                    throw refuse("has an \(tag) entry that is not [key as UTF-8 data, value]")
                }
                guard result.updateValue(try read(member, depth: depth + 1, setting: setting), forKey: key) == nil else {
                    throw refuse("has the key \"\(key)\" twice in one dictionary")
                }
            }
            return .dictionary(result)
        case ExportTags.dictionary:
            guard let members = storedDictionaryMembers(object) else { throw refuse("has a \(tag) that is not a dictionary") }
            var result: [String: PortableValue] = [:]
            for (key, member) in members {
                guard let key = key.base as? String, let member else { throw refuse("has a dictionary key that is not a string") }
                result[key] = try read(member, depth: depth + 1, setting: setting)
            }
            return .dictionary(result)
        default:
            throw refuse("has the unknown tag \"\(tag)\"; a dictionary with names starting with $ is written under \(ExportTags.dictionary)")
        }
    }
}
