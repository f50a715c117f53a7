extension Messages {
    /// A JSON default that does not fit its type.
    enum Defaults {
        /// What JSON a default must be for its type, as ``wrongKind(_:type:found:)`` names it.
        enum Expected {
            case array, object, distinctArray, bool, integer, number, string, base64, date, url, hexColor, uuid
            /// Any JSON value but `null` (a property list has no null), or a tagged `$date`, `$data`, `$double`.
            case propertyList
            /// A case of an enum: an integer raw value for an `Int` enum, else a string.
            case enumCase(isIntBacked: Bool)
            /// A value of the record type named.
            case recordFields(String)
            /// A geometry value, its numbers named by `labels`.
            case geometry(labels: [String])

            var text: String {
                switch self {
                case .array: "an array"
                case .object: "an object"
                case .distinctArray: "an array of distinct elements"
                case .bool: "true or false"
                case .integer: "an integer"
                case .number: "a number"
                case .string: "a string"
                case .base64: "a base64 string"
                case .date: "an ISO 8601 date string"
                case .url: "a URL string"
                case .hexColor: "an sRGB hex string such as \"#FF8000\""
                case .uuid: "a UUID string"
                case .propertyList: "a JSON value other than null (dates as {\"$date\": \"2024-05-01T09:30:00Z\"}, data as {\"$data\": \"<base64>\"})"
                case .enumCase(let isIntBacked): isIntBacked ? "an integer (one of the raw values)" : "a string (one of the cases)"
                case .recordFields(let name): "an object of \(name)'s fields (those not given take their defaults)"
                case .geometry(let labels): "an array of \(labels.count) numbers [\(labels.joined(separator: ", "))]"
                }
            }
        }

        /// When the default is not the kind of JSON value its type needs.
        static func wrongKind(_ expected: Expected, type: SchemaType, found: String) -> String { "the default must be \(expected.text) for type \(type), not \(found)" }

        static func repeatedSetElement() -> String { "this element is already in the set; a Set holds each value once, so remove the repetition" }

        /// When a JSON default needs a value of a type the schema does not declare.
        static func undeclaredType(_ name: String) -> String { "\"\(name)\" is not declared in this schema, so it is taken as your own DefaultsSerializable type, which a JSON default cannot build; declare it here (\"cases\" on a key, or \"types\") or write the default in Swift with \"swiftDefault\"" }

        /// When a string default of an `Int` enum is neither a raw value nor a case name.
        static func notACaseOfIntEnum(_ text: String, enumName: String, rawValues: [String], caseNames: [String]) -> String { "\"\(text)\" is not a case of \(enumName); use a raw value (\(rawValues.joined(separator: ", "))) or a case name (\(caseNames.map { "\"\($0)\"" }.joined(separator: ", ")))" }

        /// When a default of an enum is not one of its raw values.
        static func notACase(_ raw: String, enumName: String, rawValues: [String], isIntBacked: Bool) -> String { "\(isIntBacked ? raw : "\"\(raw)\"") is not a case of \(enumName); use one of \(rawValues.map { isIntBacked ? $0 : "\"\($0)\"" }.joined(separator: ", "))" }

        /// When a record default gives a field the record does not have; `suggestion` is a near field name.
        static func noSuchField(_ field: String, record: String, suggestion: String?, fields: [String]) -> String { "\(record) has no field \"\(field)\"\(suggestion.map { "; did you mean \"\($0)\"?" } ?? "; its fields are \(fields.map { "\"\($0)\"" }.joined(separator: ", "))")" }

        /// When a record default leaves out fields that have no default of their own.
        static func missingFields(_ record: String, fields: [String]) -> String { "\(record) has no default for \(fields.count == 1 ? "the field" : "the fields") \(fields.map { "\"\($0)\"" }.joined(separator: ", ")); give \(fields.count == 1 ? "it" : "them") here" }

        /// When a number does not fit the type `type` names.
        static func outOfRange(_ text: String, type: String) -> String { "\(text) is out of range for \(type)" }

        static func integerOutOfRange(_ text: String, type: String, min: Int64, max: UInt64) -> String { "\(text) is out of range for \(type) (\(min)...\(max))" }

        /// When a tagged property-list default (`{"$date": …}`) is not what its tag says.
        static func invalidPropertyListTag(_ tag: String, found: String) -> String {
            switch tag {
            case "$date": return "\"$date\" takes an ISO 8601 date string such as \"2024-05-01T09:30:00.250Z\", not \(found)"
            case "$data": return "\"$data\" takes a base64 string, not \(found)"
            case "$double": return "\"$double\" takes a number, or \"nan\", \"inf\" or \"-inf\", not \(found)"
            default: return "\"$dictionary\" takes an object (a dictionary whose only key starts with \"$\"), not \(found)"
            }
        }

        /// When a property-list integer does not fit in 64 bits.
        static func propertyListIntegerOutOfRange(_ text: String) -> String { "\(text) does not fit a property-list integer (\(Int64.min)...\(Int64.max)); write it as {\"$double\": \(text)} for a double" }

        static func notWholeNumber(_ text: String, type: String) -> String { "\(text) is not a whole number, as \(type) needs; remove the fraction or use Double" }

        static func invalidBase64(_ text: String) -> String { "\"\(text)\" is not valid base64 for Data; write the bytes base64-encoded, such as \"AQID\"" }

        static func invalidDate(_ text: String) -> String { "\"\(text)\" is not an ISO 8601 date; write it like \"2024-01-01T00:00:00Z\"" }

        /// When a URL string has no scheme, is not escaped, or is not absolute.
        static func invalidURL(_ text: String) -> String { "\"\(text)\" is not an absolute URL; write it with its scheme, a host and percent-escapes, like \"https://example.com/path\" (file, mailto, tel, sms, data and about URLs have no host)" }

        /// When a geometry default (`type` such as "CGPoint") has the wrong number of numbers.
        static func geometryCount(_ count: Int, type: String, labels: [String]) -> String { "\(geometryRule(type, labels: labels)), not \(count) number\(count == 1 ? "" : "s")" }

        /// When an element of a geometry default is not a finite number.
        static func geometryElement(_ kind: String, type: String, labels: [String]) -> String { "\(geometryRule(type, labels: labels)), not \(kind)" }

        private static func geometryRule(_ type: String, labels: [String]) -> String { "the default of \(type.hasPrefix("NS") ? "an" : "a") \(type) must be \(Expected.geometry(labels: labels).text)" }

        static func invalidColor(_ text: String) -> String { "\"\(text)\" is not a colour; write it as sRGB hex, \"#RRGGBB\" or \"#RRGGBBAA\" (alpha last), such as \"#FF8000\" or \"#FF800080\"" }

        static func invalidUUID(_ text: String) -> String { "\"\(text)\" is not a UUID; write it like \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"" }
    }
}
