import Foundation

/// A value as it is stored (a property-list object), in a form the test can write as JSON, as a Swift literal, and
/// compare with what the compiled package prints.
indirect enum StoredValue: Equatable {
    case bool(Bool), int(Int), double(Double), string(String), array([StoredValue]), dictionary([String: StoredValue])

    /// The value in a schema's JSON.
    var json: String {
        switch self {
        case .bool(let value): return "\(value)"
        case .int(let value): return "\(value)"
        case .double(let value): return "\(value)"
        case .string(let value): return jsonString(value)
        case .array(let values): return "[" + values.map(\.json).joined(separator: ", ") + "]"
        case .dictionary(let members): return "{" + members.sorted { $0.key < $1.key }.map { "\(jsonString($0.key)): \($0.value.json)" }.joined(separator: ", ") + "}"
        }
    }

    /// The value as a Swift expression of its property-list object.
    var swiftObject: String {
        switch self {
        case .bool(let value): return "\(value)"
        case .int(let value): return "(\(value) as Int)"
        case .double(let value): return "(\(value) as Double)"
        case .string(let value): return jsonString(value)
        case .array(let values): return "([" + values.map(\.swiftObject).joined(separator: ", ") + "] as [Any])"
        case .dictionary(let members):
            guard !members.isEmpty else { return "([:] as [String: Any])" }
            return "([" + members.sorted { $0.key < $1.key }.map { "\(jsonString($0.key)): \($0.value.swiftObject)" }.joined(separator: ", ") + "] as [String: Any])"
        }
    }

    /// The canonical form the package prints (`canonical(_:)` of CheckerPackage's support module).
    func canonical(sorted: Bool = false) -> String {
        switch self {
        case .bool(let value): return "b:\(value)"
        case .int(let value): return "i:\(value)"
        case .double(let value): return "d:\(value)"
        case .string(let value): return "s:" + value.utf8.map { String(format: "%02x", $0) }.joined()
        case .array(let values):
            let items = values.map { $0.canonical() }
            return "[" + (sorted ? items.sorted() : items).joined(separator: ",") + "]"
        case .dictionary(let members):
            let items = members.map { (key: $0.key.utf8.map { String(format: "%02x", $0) }.joined(), value: $0.value.canonical()) }
            return "{" + items.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") + "}"
        }
    }
}

private func jsonString(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

/// The scalar types of evolving schemas.
enum ScalarType: String, CaseIterable {
    case bool = "Bool", int = "Int", int16 = "Int16", double = "Double", string = "String"
    /// A value of any shape: every scalar value reads as it.
    case propertyList = "TypedDefaults.DefaultsPropertyList"
}

/// A key's type in an evolving schema.
indirect enum KeyType: Equatable {
    case scalar(ScalarType)
    case optional(KeyType)
    case array(ScalarType)
    case set(ScalarType)
    /// An enum the key declares with `cases`.
    case enumeration(String)
    /// A record type of the schema's `types`.
    case record(String)

    var isOptional: Bool { if case .optional = self { return true } else { return false } }
    var wrapped: KeyType { if case .optional(let inner) = self { return inner } else { return self } }
}

/// An enum declared by a key: String or Int backed.
struct EnumSpec: Equatable {
    var name: String
    var isInt: Bool
    /// Raw values (strings, or integers written as text).
    var raws: [String]

    var rawValues: [StoredValue] { raws.map { isInt ? .int(Int($0)!) : .string($0) } }
    /// `cases` in the schema: an array of strings, or an object of case names for Int enums.
    var casesJSON: String {
        isInt ? "{" + raws.enumerated().map { "\"c\($0.offset)x\($0.element.replacingOccurrences(of: "-", with: "m"))\": \($0.element)" }.joined(separator: ", ") + "}"
            : "[" + raws.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }
}

/// A field of a record type: a scalar, with a default or required.
struct FieldSpec: Equatable {
    var name: String
    var type: ScalarType
    var defaultValue: StoredValue?
}

/// A record type of the schema.
struct RecordSpec: Equatable {
    var name: String
    var fields: [FieldSpec]
}

/// A `renamedFrom` entry: a former name (and suite), and for a typed one the old type and a map of values.
struct MigrationSpec: Equatable {
    var name: String
    /// `nil`: the key's own suite; `""`: the standard suite; else a named suite.
    var suite: String?
    var typed: (type: ScalarType, values: [(old: StoredValue, new: StoredValue)])?

    static func == (lhs: MigrationSpec, rhs: MigrationSpec) -> Bool {
        lhs.name == rhs.name && lhs.suite == rhs.suite && lhs.typed?.type == rhs.typed?.type
            && lhs.typed.map { $0.values.map { "\($0.old.json)>\($0.new.json)" } } == rhs.typed.map { $0.values.map { "\($0.old.json)>\($0.new.json)" } }
    }

    var json: String {
        let suitePart = suite.map { ", \"suite\": \"\($0.isEmpty ? "standard" : $0)\"" } ?? ""
        guard let typed else { return suitePart.isEmpty ? jsonString(name) : "{\"name\": \(jsonString(name))\(suitePart)}" }
        let values = typed.values.map { pair -> String in
            let old: String
            switch pair.old {
            case .string(let text): old = text
            default: old = pair.old.json
            }
            return "\(jsonString(old)): \(pair.new.json)"
        }
        return "{\"name\": \(jsonString(name))\(suitePart), \"type\": \"\(typed.type.rawValue)\", \"values\": {\(values.joined(separator: ", "))}}"
    }
}

/// A key of an evolving schema.
struct KeySpec: Equatable {
    var identifier: String
    var storedName: String
    var suite: String?
    var type: KeyType
    var defaultValue: StoredValue?
    var minimum: Int?
    var maximum: Int?
    var iCloud = false
    /// `"managed": true`: an administrator may set it; nothing the release checker weighs.
    var managed = false
    var renamedFrom: [MigrationSpec] = []
    /// `acceptLostValuesSince`: the values this key's narrowing loses are accepted.
    var acceptLostValuesSince: String?
}

/// A whole schema that the evolution test edits, and writes as `defaults.json` with one key per line (so the
/// line of a diagnostic names its key).
struct EvolvingSchema: Equatable {
    var keys: [KeySpec] = []
    var enums: [String: EnumSpec] = [:]
    var records: [String: RecordSpec] = [:]
    var retired: [String] = []

    /// The line of `"keys"`; key `i` is on line `keysLine + 1 + i`.
    static let keysLine = 4

    func typeName(_ type: KeyType) -> String {
        switch type {
        case .scalar(let scalar): return scalar.rawValue
        case .optional(let inner): return typeName(inner) + "?"
        case .array(let scalar): return "[\(scalar.rawValue)]"
        case .set(let scalar): return "Set<\(scalar.rawValue)>"
        case .enumeration(let name), .record(let name): return name
        }
    }

    var json: String {
        let types = records.values.sorted { $0.name < $1.name }.map { record -> String in
            let fields = record.fields.map { field -> String in
                let value = field.defaultValue.map { ", \"default\": \($0.json)" } ?? ""
                return "\"\(field.name)\": {\"type\": \"\(field.type.rawValue)\"\(value)}"
            }
            return "\"\(record.name)\": {\"fields\": {\(fields.joined(separator: ", "))}}"
        }
        var lines = ["{", "  \"types\": {\(types.joined(separator: ", "))},",
                     "  \"retired\": [\(retired.map(jsonString).joined(separator: ", "))],", "  \"keys\": {"]
        for (index, key) in keys.enumerated() {
            var fields = ["\"type\": \"\(typeName(key.type))\""]
            if key.storedName != key.identifier { fields.append("\"key\": \(jsonString(key.storedName))") }
            if let suite = key.suite { fields.append("\"suite\": \(jsonString(suite))") }
            if case .enumeration(let name) = key.type.wrapped, let spec = enums[name] { fields.append("\"cases\": \(spec.casesJSON)") }
            if let value = key.defaultValue { fields.append("\"default\": \(value.json)") }
            if let minimum = key.minimum { fields.append("\"minimum\": \(minimum)") }
            if let maximum = key.maximum { fields.append("\"maximum\": \(maximum)") }
            if key.iCloud { fields.append("\"iCloud\": true") }
            if let version = key.acceptLostValuesSince { fields.append("\"acceptLostValuesSince\": \(jsonString(version))") }
            if key.managed { fields.append("\"managed\": true") }
            if !key.renamedFrom.isEmpty { fields.append("\"renamedFrom\": [\(key.renamedFrom.map(\.json).joined(separator: ", "))]") }
            lines.append("    \(jsonString(key.identifier)): {\(fields.joined(separator: ", "))}\(index == keys.count - 1 ? "" : ",")")
        }
        lines += ["  }", "}", ""]
        return lines.joined(separator: "\n")
    }
}
