import Foundation

/// What the validator needs beyond one value: the whole schema walked for what it cannot check, `$ref`s resolved,
/// and the small readings of keyword values every check shares.
extension JSONSchemaValidator {
    // MARK: - The whole schema

    /// The problems of `schema` and its subschemas: unsupported keywords, unresolvable `$ref`s, malformed schemas.
    func walk(_ schema: Any, at position: Position) -> [JSONSchemaError] {
        if Self.boolean(schema) != nil { return [] }
        guard let object = schema as? [String: Any] else {
            return [position.unsupported("a schema must be an object or a boolean, not \(JSONKind.text(schema))")]
        }
        var problems: [JSONSchemaError] = []
        for (keyword, value) in object.sorted(by: { $0.key < $1.key }) {
            let here = position.keyword(keyword)
            if let problem = Self.unsupportedProblem(keyword, at: position) {
                problems.append(problem)
            } else if keyword == "$ref", (value as? String).flatMap({ resolve($0) }) == nil {
                problems.append(here.unsupported("cannot resolve $ref \(JSONKind.text(value))"))
            } else {
                problems += Self.subschemas(of: keyword, value, at: here).flatMap { walk($0.schema, at: $0.position) }
            }
        }
        return problems
    }

    /// The subschemas that `keyword`'s value holds, with their positions; none for assertions and annotations.
    static func subschemas(of keyword: String, _ value: Any, at here: Position) -> [(schema: Any, position: Position)] {
        if subschemaKeywords.contains(keyword) {
            return [(schema: value, position: here)]
        } else if subschemaMapKeywords.contains(keyword) {
            let members = (value as? [String: Any]) ?? [:]
            return members.sorted { $0.key < $1.key }.map { (schema: $0.value, position: here.keyword($0.key)) }
        } else if subschemaListKeywords.contains(keyword) {
            let elements = (value as? [Any]) ?? []
            return elements.indices.map { (schema: elements[$0], position: here.keyword(String($0))) }
        }
        return []
    }

    // MARK: - Helpers

    /// The subschema that `reference` names: "#" (the root) or "#" followed by a JSON pointer into the root
    /// ("#/$defs/key"); `nil` for anything else (other documents, anchors) or a pointer to nothing.
    func resolve(_ reference: String) -> Any? {
        guard reference.hasPrefix("#") else { return nil }
        let pointer = String(reference.dropFirst())
        guard pointer.isEmpty || pointer.hasPrefix("/") else { return nil }
        var target: Any = root
        for encoded in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let token = (String(encoded).removingPercentEncoding ?? String(encoded))
                .replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let object = target as? [String: Any], let member = object[token] {
                target = member
            } else if let array = target as? [Any], let index = Int(token), array.indices.contains(index) {
                target = array[index]
            } else {
                return nil
            }
        }
        return target
    }

    /// The value of a JSON boolean; `nil` for any other value (the numbers 0 and 1 included).
    static func boolean(_ value: Any) -> Bool? {
        guard JSONKind(of: value) == .boolean else { return nil }
        return (value as? NSNumber)?.boolValue
    }

    /// The value of a non-negative JSON integer (a count in a keyword such as `minItems`); `nil` otherwise.
    static func count(_ value: Any) -> Int? {
        guard JSONKind(of: value) == .integer, let number = value as? NSNumber, number.intValue >= 0 else { return nil }
        return number.intValue
    }

    /// The first two equal elements of `array`, by index.
    static func firstRepetition(in array: [Any]) -> (first: Int, second: Int)? {
        for second in array.indices {
            if let first = array[..<second].indices.first(where: { JSONKind.equal(array[$0], array[second]) }) {
                return (first, second)
            }
        }
        return nil
    }

    /// Whether the ECMA-262 `pattern` is found in `text`; `nil` when the pattern is invalid.
    static func matches(_ pattern: String, _ text: String) -> Bool? {
        guard let expression = try? NSRegularExpression(pattern: icuPattern(pattern)) else { return nil }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// `pattern` (ECMA-262, as JSON Schema specifies) for ICU: the same, but for `$` outside a character class,
    /// which ECMA-262 (without the multiline flag) matches only at the end of the text, and ICU also before a line
    /// break that ends it, so it becomes ICU's `\z`. (ICU's `\d` and `\w` also take non-ASCII digits and letters,
    /// and a `[` inside a class nests one; the patterns of defaults.schema.json use neither.)
    static func icuPattern(_ pattern: String) -> String {
        var result = String.UnicodeScalarView()
        var inClass = false
        var escaping = false
        for scalar in pattern.unicodeScalars {
            if escaping {
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else if inClass {
                inClass = scalar != "]"
            } else if scalar == "[" {
                inClass = true
            } else if scalar == "$" {
                result.append(contentsOf: "\\z".unicodeScalars)
                continue
            }
            result.append(scalar)
        }
        return String(result)
    }
}
