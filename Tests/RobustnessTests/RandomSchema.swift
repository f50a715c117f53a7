import Foundation

/// A random valid schema and what its generated keys must hold at runtime.
struct RandomSchema {
    let seed: UInt64
    let namespace: String
    let json: String
    /// One line per key, in schema order: `namespace TAB hex(stored name) TAB hex(suite) TAB canonical default`;
    /// then one per key family, for the member ``familyMembers`` makes.
    let expectedLines: [String]
    /// For each key family (`"parameter"`), a Swift expression of one member's key: `DefaultsKeys.k(id: "m3")`.
    let familyMembers: [String]

    /// Keywords used as key names, one per schema of a module (keys must be unique in a module).
    static let keywordNames = [
        "default", "class", "func", "let", "var", "static", "struct", "enum", "protocol", "import", "return", "if",
        "else", "while", "for", "in", "do", "try", "throw", "throws", "case", "switch", "where", "guard", "defer",
        "break", "continue", "repeat", "as", "is", "nil", "true", "false", "super", "Any", "operator", "typealias",
        "extension", "internal", "public", "private", "fileprivate", "open", "inout", "rethrows", "associatedtype",
        "await", "async", "some", "any",
    ]

    init(seed: UInt64, index: Int, keyword: String?) {
        var random = SeededRandom(seed: seed)
        self.seed = seed
        namespace = "S\(index)"
        var builder = Builder(index: index, random: random)
        let keyPrefix = builder.random.chance(0.3) ? builder.random.oddString(maxPieces: 2) : ""
        var members: [(String, JSONText)] = [("$schema", .string("./defaults.schema.json"))]
        if builder.random.chance(0.7) { members.append(("access", .string(builder.random.pick(["internal", "public", "package"])))) }
        if !keyPrefix.isEmpty || builder.random.chance(0.3) { members.append(("keyPrefix", .string(keyPrefix))) }
        // A suite for every key, sometimes; keys may name their own.
        let schemaSuite: String? = builder.random.chance(0.2) ? "group.robustness.\(index)" : nil
        // Named by a literal or by a Swift expression evaluated at run time (schema 3), to the same suite.
        if let schemaSuite {
            members.append(builder.random.chance(0.5) ? ("suite", .string(schemaSuite)) : ("swiftSuite", .string(Builder.swiftExpression(for: schemaSuite))))
        }
        // Types nested in a namespace the schema declares, sometimes (schema 3).
        if builder.random.chance(0.3) {
            builder.typePrefix = "N\(index)."
            members.append(("namespaces", .array([.string("N\(index)")])))
        }
        let records = builder.records()
        if !records.isEmpty { members.append(("types", .object(records))) }
        var keys: [(String, JSONText)] = []
        var lines: [String] = []
        var familyLines: [String] = []
        var familyMembers: [String] = []
        let count = Int.random(in: 0...14, using: &builder.random)
        for number in 0..<count {
            let identifier = number == 0 && keyword != nil ? keyword! : builder.identifier(number)
            var (declaration, storedName, canonical) = builder.key(identifier: identifier, number: number)
            var suite = schemaSuite
            if case .object(var fields) = declaration, builder.random.chance(0.15) {
                suite = "group.robustness.\(index).\(number)"
                fields.append(builder.random.chance(0.7) ? ("suite", .string(suite!)) : ("swiftSuite", .string(Builder.swiftExpression(for: suite!))))
                declaration = .object(fields)
            }
            // A key family, sometimes: its members, stored under the template with the parameter written in.
            // (Not with a key prefix that has braces: a family's template may write only its parameter in braces.)
            if case .object(var fields) = declaration, builder.random.chance(0.2), !keyPrefix.contains(where: { $0 == "{" || $0 == "}" }) {
                // A family's template replaces "key"; its "renamedFrom" lists templates; deprecated, the report would warn.
                // Not managed either: an administrator configures named settings.
                fields.removeAll { ["key", "renamedFrom", "deprecated", "managed"].contains($0.0) }
                let isInt = builder.random.chance(0.4)
                let parameter = builder.random.pick(["widgetID", "id", "index"])
                fields.append(("parameter", isInt ? .object([("name", .string(parameter)), ("type", .string("Int"))]) : .string(parameter)))
                var template = keyPrefix + identifier + "_{\(parameter)}"
                if builder.random.chance(0.5) {
                    template = "{\(parameter)}§fam\(index)x\(number)"
                    fields.append(("key", .string(template)))
                }
                let value = isInt ? "\(number - 3)" : "m\(number)"
                familyMembers.append("DefaultsKeys.`\(identifier)`(\(parameter): \(isInt ? value : "\"\(value)\""))")
                let memberName = template.replacingOccurrences(of: "{\(parameter)}", with: value)
                familyLines.append("\(namespace)\t\(hex(memberName))\t\(suite.map(hex) ?? "-")\t\(canonical)")
                keys.append((identifier, .object(fields)))
                continue
            }
            keys.append((identifier, declaration))
            lines.append("\(namespace)\t\(hex(storedName ?? keyPrefix + identifier))\t\(suite.map(hex) ?? "-")\t\(canonical)")
        }
        members.append(("keys", .object(keys)))
        random = builder.random
        json = JSONText.object(members).written(&random)
        expectedLines = lines + familyLines
        self.familyMembers = familyMembers
    }
}

/// Builds keys: types, values and their canonical runtime form (see `canonical` in the checker's support).
struct Builder {
    let index: Int
    var random: SeededRandom
    var enums: [(name: String, raws: [String])] = []
    var intEnums: [(name: String, raws: [Int64])] = []
    /// Record types: name and fields (name, scalar type, default JSON, canonical default, required).
    var recordTypes: [(name: String, fields: [(name: String, type: String, value: JSONText, canonical: String, required: Bool)])] = []
    /// Put before the names of declared types: `""`, or a namespace the schema declares (`"N3."`).
    var typePrefix = ""

    /// A Swift expression of type String that evaluates to `suite` (a `swiftSuite`).
    static func swiftExpression(for suite: String) -> String {
        let middle = suite.index(suite.startIndex, offsetBy: suite.count / 2)
        return "\"\(suite[..<middle])\" + \"\(suite[middle...])\""
    }

    init(index: Int, random: SeededRandom) {
        self.index = index
        self.random = random
    }

    mutating func identifier(_ number: Int) -> String {
        random.pick(["k", "größe", "日本", "_u", "café", "Ω"]) + "\(index)x\(number)"
    }

    /// A key: its declaration (or shorthand), the stored name given with `"key"` (exact: no prefix is added; `nil`
    /// when the name is made from the identifier, prefixed) and canonical default.
    mutating func key(identifier: String, number: Int) -> (JSONText, String?, String) {
        if random.chance(0.15), let shorthand = shorthand() { return (shorthand.0, nil, shorthand.1) }
        var fields: [(String, JSONText)] = []
        var storedName: String?
        if random.chance(0.3) {
            let name = random.oddString() + "#\(number)"
            storedName = name
            fields.append(("key", .string(name)))
        }
        if random.chance(0.4) { fields.append(("description", .string(random.oddString(maxPieces: 6)))) }
        if random.chance(0.15) { fields.append(("deprecated", .string(random.oddString()))) }
        if random.chance(0.2) { fields.append(("renamedFrom", .array([.string("~old\(number)~" + random.oddString(maxPieces: 2))]))) }
        var canonical = "nil"
        if random.chance(0.1) {
            // An Int enum, as an array of integers or an object of case names.
            let name = typePrefix + "I\(index)x\(intEnums.count)"
            let raws = Array(Set((0..<Int.random(in: 1...4, using: &random)).map { _ in
                random.pick([Int64.min, Int64.max, 0, -1, Int64.random(in: -1_000...1_000, using: &random)])
            })).sorted()
            intEnums.append((name, raws))
            fields.append(("type", .string(name)))
            // Named cases when a raw value is negative: -1 and 1 would both become the case `_1`.
            fields.append(("cases", random.chance(0.5) && raws.allSatisfy { $0 >= 0 }
                ? .array(raws.map { .literal("\($0)") })
                : .object(raws.enumerated().map { ("case\($0.offset)", .literal("\($0.element)")) })))
            if random.chance(0.3) { fields.append(("objc", .literal("true"))) }
            let raw = random.pick(raws)
            fields.append(("default", .literal("\(raw)")))
            canonical = "i:\(raw)"
        } else if random.chance(0.1), !recordTypes.isEmpty {
            let record = random.pick(recordTypes)
            fields.append(("type", .string(record.name)))
            var given: [(String, JSONText)] = []
            var parts: [(key: String, value: String)] = []
            for field in record.fields {
                if field.required || random.chance(0.5) {
                    let (value, valueCanonical) = randomValue(.scalar(field.type))
                    given.append((field.name, value))
                    parts.append((hex(field.name), valueCanonical))
                } else {
                    parts.append((hex(field.name), field.canonical))
                }
            }
            if !given.isEmpty || random.chance(0.5) || record.fields.contains(where: \.required) { fields.append(("default", .object(given))) }
            canonical = "{" + parts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") + "}"
        } else if random.chance(0.05) {
            // The module's own RawRepresentable struct ("rawType"): CheckerPackage declares `S<index>Tag` in the
            // schema's module; the default is its raw value, stored as it is.
            fields.append(("type", .string("S\(index)Tag")))
            fields.append(("rawType", .string("String")))
            let raw = random.oddString()
            fields.append(("default", .string(raw)))
            canonical = "s:\(hex(raw))"
        } else if random.chance(0.1) {
            // A set of distinct scalars (its stored order is the set's own: the checker sorts).
            let element = random.pick(["Int", "String", "Bool", "UInt8"])
            var values: [(JSONText, String)] = []
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                let value = randomValue(.scalar(element))
                if !values.contains(where: { $0.1 == value.1 }) { values.append(value) }
            }
            fields.append(("type", .string("Set<\(element)>")))
            fields.append(("default", .array(values.map(\.0))))
            canonical = "[" + values.map(\.1).sorted().joined(separator: ",") + "]"
        } else if random.chance(0.2) {
            // An enum declared here, used again by later keys.
            let name = typePrefix + "E\(index)x\(enums.count)"
            let raws = enumRaws()
            enums.append((name, raws))
            fields.append(("type", .string(name)))
            fields.append(("cases", .array(raws.map { .string($0) })))
            let raw = random.pick(raws)
            fields.append(("default", .string(raw)))
            canonical = "s:\(hex(raw))"
        } else {
            let type = randomType(depth: 0)
            if random.chance(0.25) {
                fields.append(("type", .string(type.spelling + "?")))
                if random.chance(0.3) {
                    fields.append(("default", .literal("null")))
                } else if random.chance(0.4) {
                    // Optional with a default: reads it until a value is stored (its stored form is the default's).
                    let (value, valueCanonical) = randomValue(type)
                    fields.append(("default", value))
                    canonical = valueCanonical
                }
            } else {
                fields.append(("type", .string(type.spelling)))
                let (value, valueCanonical) = randomValue(type)
                fields.append(("default", value))
                if case .scalar(let name) = type { fields += randomRange(for: name, around: value) }
                canonical = valueCanonical
            }
        }
        // Every seventh key managed (no random draw, so the rest of a seed's schema stays as it was): the generated
        // key compiles with `managed: true` and, with no administrator, reads its default like any other.
        if number % 7 == 3 { fields.append(("managed", .literal("true"))) }
        // Shuffle the fields: member order within a declaration must not matter.
        fields.shuffle(using: &random)
        return (.object(fields), storedName, canonical)
    }

    /// 0 to 2 record types of 1 to 4 scalar fields, with defaults or (schema 3) required.
    mutating func records() -> [(String, JSONText)] {
        var declarations: [(String, JSONText)] = []
        for number in 0..<Int.random(in: 0...2, using: &random) {
            let name = typePrefix + "R\(index)x\(number)"
            var fields: [(name: String, type: String, value: JSONText, canonical: String, required: Bool)] = []
            for fieldNumber in 0..<Int.random(in: 1...4, using: &random) {
                let type = random.pick(["Bool", "Int", "Double", "String", "Date", "UInt16"])
                let (value, canonical) = randomValue(.scalar(type))
                fields.append((random.pick(["f", "größe", "default", "in", "x_"]) + "\(fieldNumber)", type, value, canonical, random.chance(0.15)))
            }
            recordTypes.append((name, fields))
            let members: [(String, JSONText)] = fields.map { field in
                (field.name, .object([("type", .string(field.type))] + (field.required ? [] : [("default", field.value)])))
            }
            declarations.append((name, .object([("fields", .object(members))])))
        }
        return declarations
    }

    private mutating func enumRaws() -> [String] {
        if random.chance(0.2) { return ["default", "class", "true", "in"].shuffled(using: &random) }
        let count = Int.random(in: 1...5, using: &random)
        // Distinct lowercase-letter prefixes keep the derived case identifiers distinct.
        return (0..<count).map { number in
            "v" + String(repeating: "q", count: number) + random.pick([" ", "-", ".", "_", ""]) + random.oddString(maxPieces: 2)
        }
    }

    private mutating func shorthand() -> (JSONText, String)? {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: let flag = random.chance(0.5); return (.literal("\(flag)"), "b:\(flag)")
        case 1: let value = Int64.random(in: .min ... .max, using: &random); return (.literal("\(value)"), "i:\(value)")
        case 2: let value = Double(Int.random(in: -1_000_000...1_000_000, using: &random)) / 64 + 1 / 128
            return (.literal("\(value)"), "d:\(value)")
        case 3: let text = random.oddString(); return (.string(text), "s:\(hex(text))")
        default:
            let values = (0..<Int.random(in: 1...3, using: &random)).map { _ in random.oddString(maxPieces: 2) }
            return (.array(values.map { .string($0) }), "[" + values.map { "s:\(hex($0))" }.joined(separator: ",") + "]")
        }
    }
}
