import Foundation

// A small JSON Schema (draft 2020-12) validator for exactly the keywords defaults.schema.json uses, so that the
// tests can check the repository's schemas against it without a package. A keyword it does not implement is an
// error, never a silent pass.

/// Validates JSON values, as `JSONSerialization` gives them, against a JSON Schema (draft 2020-12), for the
/// keywords that defaults.schema.json uses: `type`, `enum`, `const`, `properties`, `patternProperties`,
/// `additionalProperties`, `required`, `propertyNames`, `minProperties`, `maxProperties`, `dependentRequired`,
/// `items` (a single schema), `minItems`, `maxItems`, `uniqueItems`, `minLength`, `maxLength`, `pattern`,
/// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `$ref` (to "#" and JSON pointers in the same
/// document, such as "#/$defs/key"), `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`; `$defs` holds
/// definitions, and annotations (`title`, `description`, `default`, `examples`, `$comment`, `$schema`, `$id` at the
/// root...) are ignored. Any other keyword is reported as an unsupported error wherever validation meets it, and
/// ``unsupportedKeywords()`` lists them all, reached or not.
///
/// Patterns are ECMA-262 regular expressions run by `NSRegularExpression` (ICU), with `$` read as ECMA-262 reads it
/// (see ``icuPattern(_:)``).
struct JSONSchemaValidator {
    /// Keywords whose value is one subschema.
    static let subschemaKeywords: Set<String> = ["items", "additionalProperties", "propertyNames", "not", "if", "then", "else"]
    /// Keywords whose value is an object of subschemas.
    static let subschemaMapKeywords: Set<String> = ["properties", "patternProperties", "$defs"]
    /// Keywords whose value is an array of subschemas.
    static let subschemaListKeywords: Set<String> = ["allOf", "anyOf", "oneOf"]
    /// Keywords that check the value itself.
    static let assertionKeywords: Set<String> = [
        "type", "enum", "const", "required", "minProperties", "maxProperties", "dependentRequired", "minItems", "maxItems",
        "uniqueItems", "minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "$ref",
    ]
    /// Keywords that only describe (no assertion).
    static let annotationKeywords: Set<String> = [
        "$schema", "$id", "$comment", "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
    ]
    /// How deep subschemas may nest (through `$ref`s too) before the validator gives up, as a `$ref` loop would.
    static let maximumDepth = 256

    /// The whole schema, which `$ref`s point into.
    let root: Any

    /// A validator for `schema`, as `JSONSerialization` gives it.
    init(schema: Any) {
        root = schema
    }

    /// The errors of `instance` against the schema; empty when it is valid.
    func validate(_ instance: Any) -> [JSONSchemaError] {
        validate(instance, against: root, at: Position(instancePath: "", schemaPath: ""), depth: 0)
    }

    /// Every keyword of the schema, reached by a validation or not, that this validator does not implement, every
    /// `$ref` it cannot resolve and every subschema that is neither an object nor a boolean; empty when
    /// ``validate(_:)`` checks all that the schema says.
    func unsupportedKeywords() -> [JSONSchemaError] {
        walk(root, at: Position(instancePath: "", schemaPath: ""))
    }

    // MARK: - Validation

    /// Where the validator is: the JSON pointer of the value in the document, and that of the (sub)schema.
    struct Position {
        let instancePath: String
        let schemaPath: String

        /// The member `name` of the current object value.
        func member(_ name: String) -> Position {
            Position(instancePath: instancePath + "/" + Self.escaped(name), schemaPath: schemaPath)
        }

        /// The element `index` of the current array value.
        func element(_ index: Int) -> Position {
            Position(instancePath: instancePath + "/" + String(index), schemaPath: schemaPath)
        }

        /// The keyword (or member, or index) `token` of the current schema.
        func keyword(_ token: String) -> Position {
            Position(instancePath: instancePath, schemaPath: schemaPath + "/" + Self.escaped(token))
        }

        /// The value breaks the schema here.
        func violation(_ message: String) -> JSONSchemaError {
            JSONSchemaError(kind: .violation, instancePath: instancePath, schemaPath: schemaPath, message: message)
        }

        /// The schema says something here that the validator cannot check.
        func unsupported(_ message: String) -> JSONSchemaError {
            JSONSchemaError(kind: .unsupported, instancePath: instancePath, schemaPath: schemaPath, message: message)
        }

        /// `token` escaped for a JSON pointer: `~` as `~0`, `/` as `~1`.
        private static func escaped(_ token: String) -> String {
            token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }
    }

    /// The errors of `instance` against `schema` (an object or a boolean), every keyword in turn.
    func validate(_ instance: Any, against schema: Any, at position: Position, depth: Int) -> [JSONSchemaError] {
        if let accepts = Self.boolean(schema) {
            return accepts ? [] : [position.violation("no value is allowed here (the schema is false)")]
        }
        guard let object = schema as? [String: Any] else {
            return [position.unsupported("a schema must be an object or a boolean, not \(JSONKind.text(schema))")]
        }
        guard depth < Self.maximumDepth else {
            return [position.unsupported("subschemas nest more than \(Self.maximumDepth) deep; is there a $ref loop?")]
        }
        return object.keys.sorted().flatMap { keyword in
            check(keyword, of: object, instance: instance, at: position, depth: depth)
        }
    }

    /// The errors of `instance` against one keyword of `schema`.
    func check(_ keyword: String, of schema: [String: Any], instance: Any, at position: Position, depth: Int) -> [JSONSchemaError] {
        guard let value = schema[keyword] else { return [] }
        let here = position.keyword(keyword)
        if let problem = Self.unsupportedProblem(keyword, at: position) { return [problem] }
        switch keyword {
        case "type": return checkType(value, instance, here)
        case "enum": return checkEnum(value, instance, here)
        case "const":
            return JSONKind.equal(instance, value) ? [] : [here.violation("\(JSONKind.text(instance)) is not \(JSONKind.text(value))")]
        case "required", "minProperties", "maxProperties", "dependentRequired":
            return checkObjectSize(keyword, value, instance, here)
        case "properties": return checkProperties(value, instance, here, depth: depth)
        case "patternProperties": return checkPatternProperties(value, instance, here, depth: depth)
        case "additionalProperties": return checkAdditionalProperties(value, of: schema, instance, here, depth: depth)
        case "propertyNames": return checkPropertyNames(value, instance, here, depth: depth)
        case "items": return checkItems(value, instance, here, depth: depth)
        case "minItems", "maxItems", "uniqueItems": return checkArraySize(keyword, value, instance, here)
        case "minLength", "maxLength", "pattern": return checkString(keyword, value, instance, here)
        case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum": return checkNumber(keyword, value, instance, here)
        case "$ref": return checkReference(value, instance, here, depth: depth)
        case "allOf", "anyOf", "oneOf": return checkCombination(keyword, value, instance, here, depth: depth)
        case "not": return checkNot(value, instance, here, depth: depth)
        case "if": return checkCondition(value, of: schema, instance, at: position, depth: depth)
        default: return []  // "then" and "else" (checked with "if"), "$defs" and annotations.
        }
    }

    /// The error for a keyword this validator does not implement (or `$id` below the root, which would change what
    /// `$ref`s resolve to); `nil` for a keyword it implements or ignores.
    static func unsupportedProblem(_ keyword: String, at position: Position) -> JSONSchemaError? {
        let here = position.keyword(keyword)
        if keyword == "$id", !position.schemaPath.isEmpty {
            return here.unsupported("\"$id\" below the root changes what $ref resolves to, which this validator does not implement")
        }
        let known = subschemaKeywords.union(subschemaMapKeywords).union(subschemaListKeywords)
            .union(assertionKeywords).union(annotationKeywords)
        guard !known.contains(keyword) else { return nil }
        return here.unsupported("unsupported keyword \"\(keyword)\": this validator does not implement it, so nothing would check it")
    }

    /// `type`: a kind name or an array of them; "number" takes integers too.
    func checkType(_ value: Any, _ instance: Any, _ here: Position) -> [JSONSchemaError] {
        let names: [String]
        if let name = value as? String {
            names = [name]
        } else if let list = value as? [String] {
            names = list
        } else {
            return [here.unsupported("\"type\" must be a type name or an array of them")]
        }
        guard names.allSatisfy({ JSONKind(rawValue: $0) != nil }) else {
            return [here.unsupported("unknown type name in \(JSONKind.text(value))")]
        }
        guard let kind = JSONKind(of: instance) else { return [here.violation("\(instance) is not a JSON value")] }
        let accepted = names.contains { $0 == kind.rawValue || ($0 == "number" && kind == .integer) }
        return accepted ? [] : [here.violation("\(JSONKind.text(instance)) is \(kind.rawValue), not \(names.joined(separator: " or "))")]
    }

    /// `enum`: one of the listed values.
    func checkEnum(_ value: Any, _ instance: Any, _ here: Position) -> [JSONSchemaError] {
        guard let options = value as? [Any] else { return [here.unsupported("\"enum\" must be an array")] }
        guard !options.contains(where: { JSONKind.equal(instance, $0) }) else { return [] }
        return [here.violation("\(JSONKind.text(instance)) is not one of \(JSONKind.text(value))")]
    }

    /// `required`, `dependentRequired`, `minProperties`, `maxProperties`: which members an object has, and how many.
    func checkObjectSize(_ keyword: String, _ value: Any, _ instance: Any, _ here: Position) -> [JSONSchemaError] {
        guard let object = instance as? [String: Any] else { return [] }
        switch keyword {
        case "required":
            guard let names = value as? [String] else { return [here.unsupported("\"required\" must be an array of strings")] }
            return names.filter { object[$0] == nil }.map { here.violation("missing the required property \"\($0)\"") }
        case "dependentRequired":
            guard let dependencies = value as? [String: [String]] else {
                return [here.unsupported("\"dependentRequired\" must be an object of arrays of strings")]
            }
            var errors: [JSONSchemaError] = []
            for (name, needed) in dependencies.sorted(by: { $0.key < $1.key }) where object[name] != nil {
                for other in needed where object[other] == nil {
                    errors.append(here.violation("\"\(name)\" needs \"\(other)\" too"))
                }
            }
            return errors
        default:
            guard let limit = Self.count(value) else { return [here.unsupported("\"\(keyword)\" must be a non-negative integer")] }
            let fits = keyword == "minProperties" ? object.count >= limit : object.count <= limit
            return fits ? [] : [here.violation("\(object.count) properties, but \(keyword) is \(limit)")]
        }
    }

    /// `properties`: the members named there match their schemas.
    func checkProperties(_ value: Any, _ instance: Any, _ here: Position, depth: Int) -> [JSONSchemaError] {
        guard let schemas = value as? [String: Any] else { return [here.unsupported("\"properties\" must be an object of schemas")] }
        guard let object = instance as? [String: Any] else { return [] }
        var errors: [JSONSchemaError] = []
        for (name, schema) in schemas.sorted(by: { $0.key < $1.key }) {
            if let member = object[name] {
                errors += validate(member, against: schema, at: here.keyword(name).member(name), depth: depth + 1)
            }
        }
        return errors
    }

    /// `patternProperties`: the members whose names match a pattern match its schema.
    func checkPatternProperties(_ value: Any, _ instance: Any, _ here: Position, depth: Int) -> [JSONSchemaError] {
        guard let schemas = value as? [String: Any] else {
            return [here.unsupported("\"patternProperties\" must be an object of schemas")]
        }
        guard let object = instance as? [String: Any] else { return [] }
        var errors: [JSONSchemaError] = []
        for (pattern, schema) in schemas.sorted(by: { $0.key < $1.key }) {
            for (name, member) in object.sorted(by: { $0.key < $1.key }) {
                switch Self.matches(pattern, name) {
                case nil: errors.append(here.keyword(pattern).unsupported("invalid pattern \(pattern)"))
                case true?: errors += validate(member, against: schema, at: here.keyword(pattern).member(name), depth: depth + 1)
                case false?: break
                }
            }
        }
        return errors
    }

    /// `additionalProperties`: the members that neither `properties` nor `patternProperties` (of the same schema)
    /// name match its schema; with `false`, there are none.
    func checkAdditionalProperties(_ value: Any, of schema: [String: Any], _ instance: Any, _ here: Position,
                                           depth: Int) -> [JSONSchemaError] {
        guard let object = instance as? [String: Any] else { return [] }
        let declared = Set((schema["properties"] as? [String: Any] ?? [:]).keys)
        let patterns = Array((schema["patternProperties"] as? [String: Any] ?? [:]).keys)
        var errors: [JSONSchemaError] = []
        for (name, member) in object.sorted(by: { $0.key < $1.key }) where !declared.contains(name) {
            guard !patterns.contains(where: { Self.matches($0, name) == true }) else { continue }
            if Self.boolean(value) == false {
                errors.append(here.member(name).violation("unknown property \"\(name)\" (additionalProperties is false)"))
            } else {
                errors += validate(member, against: value, at: here.member(name), depth: depth + 1)
            }
        }
        return errors
    }

    /// `propertyNames`: every member's name, as a string, matches the schema.
    func checkPropertyNames(_ value: Any, _ instance: Any, _ here: Position, depth: Int) -> [JSONSchemaError] {
        guard let object = instance as? [String: Any] else { return [] }
        return object.keys.sorted().flatMap { name in validate(name, against: value, at: here.member(name), depth: depth + 1) }
    }

    /// `items` (one schema, as in 2020-12 without `prefixItems`): every element matches it.
    func checkItems(_ value: Any, _ instance: Any, _ here: Position, depth: Int) -> [JSONSchemaError] {
        if value is [Any] {
            return [here.unsupported("\"items\" as an array is the tuple form of older drafts (2020-12: \"prefixItems\"), which this validator does not implement")]
        }
        guard let array = instance as? [Any] else { return [] }
        return array.indices.flatMap { validate(array[$0], against: value, at: here.element($0), depth: depth + 1) }
    }

    /// `minItems`, `maxItems`, `uniqueItems`.
    func checkArraySize(_ keyword: String, _ value: Any, _ instance: Any, _ here: Position) -> [JSONSchemaError] {
        guard let array = instance as? [Any] else { return [] }
        if keyword == "uniqueItems" {
            guard let unique = Self.boolean(value) else { return [here.unsupported("\"uniqueItems\" must be true or false")] }
            guard unique, let repetition = Self.firstRepetition(in: array) else { return [] }
            return [here.violation("elements \(repetition.first) and \(repetition.second) are equal, but uniqueItems is true")]
        }
        guard let limit = Self.count(value) else { return [here.unsupported("\"\(keyword)\" must be a non-negative integer")] }
        let fits = keyword == "minItems" ? array.count >= limit : array.count <= limit
        return fits ? [] : [here.violation("\(array.count) elements, but \(keyword) is \(limit)")]
    }

    /// `minLength`, `maxLength` (in Unicode scalars, as JSON Schema counts), `pattern` (found anywhere in the string,
    /// unless anchored).
    func checkString(_ keyword: String, _ value: Any, _ instance: Any, _ here: Position) -> [JSONSchemaError] {
        guard let text = instance as? String else { return [] }
        if keyword == "pattern" {
            guard let pattern = value as? String, let matched = Self.matches(pattern, text) else {
                return [here.unsupported("\"pattern\" must be a valid regular expression, not \(JSONKind.text(value))")]
            }
            return matched ? [] : [here.violation("\(JSONKind.text(text)) does not match \(pattern)")]
        }
        guard let limit = Self.count(value) else { return [here.unsupported("\"\(keyword)\" must be a non-negative integer")] }
        let length = text.unicodeScalars.count
        let fits = keyword == "minLength" ? length >= limit : length <= limit
        return fits ? [] : [here.violation("\(JSONKind.text(text)) has \(length) characters, but \(keyword) is \(limit)")]
    }

    /// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, compared exactly (`NSNumber.compare`).
    func checkNumber(_ keyword: String, _ value: Any, _ instance: Any, _ here: Position) -> [JSONSchemaError] {
        guard JSONKind(of: instance)?.isNumeric == true, let number = instance as? NSNumber else { return [] }
        guard JSONKind(of: value)?.isNumeric == true, let limit = value as? NSNumber else {
            return [here.unsupported("\"\(keyword)\" must be a number")]
        }
        let order = number.compare(limit)
        let fits: Bool
        switch keyword {
        case "minimum": fits = order != .orderedAscending
        case "maximum": fits = order != .orderedDescending
        case "exclusiveMinimum": fits = order == .orderedDescending
        default: fits = order == .orderedAscending
        }
        return fits ? [] : [here.violation("\(JSONKind.text(instance)) breaks \(keyword) \(JSONKind.text(value))")]
    }

    /// `$ref`: the value matches the schema it points to; errors name the target's own path.
    func checkReference(_ value: Any, _ instance: Any, _ here: Position, depth: Int) -> [JSONSchemaError] {
        guard let reference = value as? String, let target = resolve(reference) else {
            return [here.unsupported("cannot resolve $ref \(JSONKind.text(value)): only \"#\" and JSON pointers into this schema are implemented")]
        }
        let targetPosition = Position(instancePath: here.instancePath, schemaPath: String(reference.dropFirst()))
        return validate(instance, against: target, at: targetPosition, depth: depth + 1)
    }

    /// `allOf` (every schema), `anyOf` (at least one), `oneOf` (exactly one). Unsupported errors of every branch
    /// are kept, even when the combination passes.
    func checkCombination(_ keyword: String, _ value: Any, _ instance: Any, _ here: Position, depth: Int) -> [JSONSchemaError] {
        guard let schemas = value as? [Any], !schemas.isEmpty else {
            return [here.unsupported("\"\(keyword)\" must be a non-empty array of schemas")]
        }
        let results = schemas.indices.map { validate(instance, against: schemas[$0], at: here.keyword(String($0)), depth: depth + 1) }
        let all = results.flatMap { $0 }
        let unsupported = all.filter { $0.kind == .unsupported }
        let passing = results.indices.filter { results[$0].isEmpty }
        switch keyword {
        case "allOf":
            return all
        case "anyOf":
            return passing.isEmpty ? [here.violation("matches none of the \(schemas.count) schemas of anyOf")] + all : unsupported
        default:
            if passing.count == 1 { return unsupported }
            if passing.isEmpty { return [here.violation("matches none of the \(schemas.count) schemas of oneOf")] + all }
            let matched = passing.map { String($0) }.joined(separator: ", ")
            return [here.violation("matches the schemas \(matched) of oneOf, not exactly one")] + unsupported
        }
    }

    /// `not`: the value must not match the schema.
    func checkNot(_ value: Any, _ instance: Any, _ here: Position, depth: Int) -> [JSONSchemaError] {
        let errors = validate(instance, against: value, at: here, depth: depth + 1)
        guard errors.isEmpty else { return errors.filter { $0.kind == .unsupported } }
        return [here.violation("\(JSONKind.text(instance)) must not match the schema of not")]
    }

    /// `if`, with `then` and `else` of the same schema: a value that matches `if` must match `then`; one that does
    /// not must match `else`.
    func checkCondition(_ value: Any, of schema: [String: Any], _ instance: Any, at position: Position,
                                depth: Int) -> [JSONSchemaError] {
        let errors = validate(instance, against: value, at: position.keyword("if"), depth: depth + 1)
        let unsupported = errors.filter { $0.kind == .unsupported }
        let branch = errors.isEmpty ? "then" : "else"
        guard let consequence = schema[branch] else { return unsupported }
        return unsupported + validate(instance, against: consequence, at: position.keyword(branch), depth: depth + 1)
    }
}
