import DefaultsFormats
import DefaultsSchema
import Testing

/// A bad schema: the text, with `‸` just before the offending token, and the exact error message.
struct BadSchema: CustomTestStringConvertible, Sendable {
    let marked: String
    let message: String

    init(_ marked: String, _ message: String) {
        self.marked = marked
        self.message = message
    }

    var testDescription: String { message }

    /// The schema without the marker, and the marker's line:column (UTF-8 columns, as the reader counts).
    var schemaAndLocation: (String, SchemaLocation) {
        let parts = marked.components(separatedBy: "‸")
        precondition(parts.count == 2, "exactly one marker")
        let before = parts[0].split(separator: "\n", omittingEmptySubsequences: false)
        return (parts.joined(), SchemaLocation(line: before.count, column: before.last!.utf8.count + 1))
    }
}

let badSchemas: [BadSchema] = [
    // JSON syntax
    BadSchema(#"{"keys": {"a": ‸"abc}}"#, #"unterminated string; close it with '"'"#),
    BadSchema("{\"keys\": {\"a\": ‸\"abc\n}}", #"unterminated string (a string cannot span lines; write \n for a line break)"#),
    BadSchema(#"{"keys": {"a": 1‸,}}"#, "trailing comma before '}'; remove it"),
    BadSchema(#"{"keys": {"a": [1, 2‸,]}}"#, "trailing comma before ']'; remove it"),
    BadSchema(#"{"keys": {"a": "x‸\q"}}"#, #"invalid escape '\q'; JSON allows \" \\ \/ \b \f \n \r \t and \uXXXX"#),
    BadSchema("{\n  ‸// settings\n  \"keys\": {}\n}", "JSON does not allow comments; put the text in a \"description\" instead"),
    BadSchema("{\"keys\": {‸/* none */}}", "JSON does not allow comments; put the text in a \"description\" instead"),
    BadSchema(#"{"keys": {"a": 1, ‸"a": 2}}"#, #"duplicate member "a" (first at 1:11); keep one"#),
    BadSchema(#"{"keys": {"a": ‸NaN}}"#, "'NaN' is not a JSON number; JSON numbers are finite"),
    BadSchema(#"{"keys": {"a": ‸'x'}}"#, "JSON strings use double quotes, not single quotes"),
    BadSchema(#"{"keys": {"a": ‸01}}"#, "invalid number; JSON numbers have no leading zeros"),
    BadSchema(#"{"keys": {"a" ‸1}}"#, #"expected ':' after the member name "a""#),
    BadSchema(#"{"keys": {"a": "‸\ud800"}}"#, #"lone UTF-16 surrogate \uD800; add its low surrogate"#),
    BadSchema("{\"keys\": {\"a\": \"x‸\u{1}\"}}", #"control character 0x01 in a string; escape it as \u0001"#),
    BadSchema("‸", #"the file is empty; a schema is a JSON object such as {"keys": {}}"#),
    BadSchema(#"{"keys": {}} ‸x"#, "unexpected 'x' after the end of the top-level value; remove it"),
    BadSchema(#"{"keys": {"a": ‸tru}}"#, "unexpected 'tru'; write a string in double quotes, a number, true, false or null"),
    // Top level
    BadSchema(#"‸{"access": "public"}"#, #"missing "keys"; add "keys": { "name": { "type": "Int", "default": 0 } }"#),
    BadSchema(#"{"keys": {}, ‸"acess": "public"}"#, #"unknown field "acess" in the schema; did you mean "access"?"#),
    BadSchema(#"{"keys": {}, "access": ‸"open"}"#, #""access" must be "internal", "public" or "package""#),
    BadSchema(#"{"keys": ‸[]}"#, #""keys" must be an object of key declarations, not an array"#),
    BadSchema(#"‸["keys"]"#, #"the schema must be a JSON object with a "keys" object, not an array"#),
    BadSchema(#"{"keyPrefix": ‸1, "keys": {}}"#, #""keyPrefix" must be a string, not an integer"#),
    // Key names
    BadSchema(#"{"keys": {‸"2fast": 1}}"#, #""2fast" is not a Swift identifier; use letters, digits and '_' (not first a digit) and set the stored string with "key""#),
    BadSchema(#"{"keys": {‸"": 1}}"#, "a key name cannot be empty; it becomes the Swift name of the key"),
    BadSchema(#"{"keys": {‸"has-dash": 1}}"#, #""has-dash" is not a Swift identifier; use letters, digits and '_' (not first a digit) and set the stored string with "key""#),
    BadSchema(#"{"keys": {‸"DefaultsStore": "x"}}"#, #""DefaultsStore" would hide the library's type DefaultsStore from the generated code; choose another name and keep the stored string with "key": "DefaultsStore""#),
    BadSchema(#"{"keys": {‸"self": 1}}"#, #""self" cannot name a key; choose another name and keep the stored string with "key": "self""#),
    BadSchema(#"{"keys": {‸"Test": 1}}"#, #""Test" collides with the key list DefaultsKeys.Test; choose another name and keep the stored string with "key": "Test""#),
    // Fields
    BadSchema(#"{"keys": {"a": {"type": "Int", ‸"defualt": 1}}}"#, #"unknown field "defualt" in key "a"; did you mean "default"?"#),
    BadSchema(#"{"keys": {"a": ‸{"default": 1}}}"#, #"key "a" has no "type"; add one, such as "type": "Int""#),
    BadSchema(#"{"keys": {"a": {"type": ‸3, "default": 1}}}"#, #""type" must be a string, not an integer"#),
    BadSchema(#"{"keys": {"a": {"type": "Int", "default": 1, "key": ‸""}}}"#, #""key" is empty; UserDefaults needs a non-empty key string"#),
    BadSchema(#"{"keys": {"a": {"type": "Int", "default": 1, "renamedFrom": ‸"old"}}}"#, #""renamedFrom" must be an array of former stored names, such as ["oldName"], or of objects such as {"name": "oldName", "type": "Int"}"#),
    // Types
    BadSchema(#"{"keys": {"a": {"type": "[Int‸", "default": []}}}"#, #"invalid type "[Int": expected ']' to close the '[' at offset 1 of the type"#),
    BadSchema(#"{"keys": {"a": {"type": "Int?‸?"}}}"#, #"invalid type "Int??": a double optional cannot be stored; use a single '?'"#),
    BadSchema(#"{"keys": {"a": {"type": "[‸Int: String]", "default": {}}}}"#, #"invalid type "[Int: String]": dictionary keys must be String (property lists allow no other); write [String: ...]"#),
    BadSchema(#"{"keys": {"a": {"type": "‸", "default": 1}}}"#, #"invalid type "": the type is empty; write a Swift type such as "Int" or "[String]""#),
    BadSchema(#"{"keys": {"a": {"type": ‸"[String?]", "default": []}}}"#, #"the type "[String?]" puts an optional inside a collection, which property lists cannot store; drop the inner '?'"#),
    BadSchema(#"{"keys": {"a": {"type": "‸Any", "default": 1}}}"#, #"invalid type "Any": Any cannot be stored type-safely; name a concrete type, or "TypedDefaults.DefaultsPropertyList" for a property-list value of any shape"#),
    BadSchema(#"{"keys": {"a": {"type": "‸AnyHashable", "default": 1}}}"#, #"invalid type "AnyHashable": AnyHashable cannot be stored type-safely; name a concrete type, or "TypedDefaults.DefaultsPropertyList" for a property-list value of any shape"#),
    BadSchema(#"{"keys": {"a": {"type": "[String: [‸Int: Bool]]", "default": {}}}}"#, #"invalid type "[String: [Int: Bool]]": dictionary keys must be String (property lists allow no other); write [String: ...]"#),
    BadSchema(#"{"keys": {"a": {"type": "‸Set<String?>", "default": []}}}"#, #"invalid type "Set<String?>": a set cannot hold nil (property lists have no null); drop the inner '?'"#),
    BadSchema(#"{"keys": {"a": {"type": "Set<Int‸", "default": []}}}"#, #"invalid type "Set<Int": expected '>' to close Set<"#),
    BadSchema(#"{"keys": {"a": {"type": "‸Set", "default": []}}}"#, #"invalid type "Set": write a set as Set<T>"#),
    // Sets and suites
    BadSchema(#"{"keys": {"a": {"type": "Set<Int>", "default": [1, 2, ‸1]}}}"#, "this element is already in the set; a Set holds each value once, so remove the repetition"),
    BadSchema(#"{"keys": {"a": {"type": "Set<Int>", "default": ‸{}}}}"#, "the default must be an array of distinct elements for type Set<Int>, not an object"),
    BadSchema(#"{"suite": ‸"", "keys": {}}"#, #""suite" is empty; name a UserDefaults suite, such as "group.com.example.shared", or remove it"#),
    BadSchema(#"{"keys": {"a": {"type": "Int", "default": 1, "suite": ‸3}}}"#, #""suite" must be a string, not an integer"#),
    // Record types
    BadSchema(#"{"types": {"Frame": {"fields": {"w": {"type": "Double", "default": 1}}}}, "keys": {"f": {"type": "Frame", "default": {‸"width": 2}}}}"#, #"Frame has no field "width"; its fields are "w""#),
    BadSchema(#"{"types": {"Frame": {"fields": {"width": {"type": "Double", "default": 1}}}}, "keys": {"f": {"type": "Frame", "default": {‸"widht": 2}}}}"#, #"Frame has no field "widht"; did you mean "width"?"#),
    BadSchema(#"{"types": {"Frame": {"fields": {"w": {"type": "Double", "default": 1}}}}, "keys": {"f": {"type": "Frame", "default": ‸[]}}}"#, "the default must be an object of Frame's fields (those not given take their defaults) for type Frame, not an array"),
    BadSchema(#"{"types": {"Frame": {"fields": {"w": {"type": "Double"}}}}, "keys": {"f": {"type": ‸"Frame"}}}"#, #"key "f" of type Frame has no default, and Frame has no default for "w"; add "default": {"w": …} (or make the type optional: "Frame?")"#),
    BadSchema(#"{"types": {"Frame": {"fields": {"w": {"type": "Double"}, "h": {"type": "Double"}, "x": 1}}}, "keys": {"f": {"type": "Frame", "default": ‸{"h": 2}}}}"#, #"Frame has no default for the field "w"; give it here"#),
    BadSchema(#"{"types": {"In": {"fields": {"w": {"type": "Double"}}}, "Out": {"fields": {"i": {"type": "In"}}}}, "keys": {"o": {"type": "Out", "default": {"i": ‸{}}}}}"#, #"In has no default for the field "w"; give it here"#),
    BadSchema(#"{"types": {"Frame": {"fields": {"w": {"type": "Double", "default": ‸null}}}}, "keys": {}}"#, #"null is not a value of Double; make the type optional ("Double?") or leave out "default" to make the field required"#),
    BadSchema(#"{"types": {‸"A": {"fields": {"b": {"type": "B"}}}, "B": {"fields": {"a": {"type": "[A]", "default": []}}}}, "keys": {}}"#, #"the type "A" contains itself (A → B → A); a stored value would never end. Break the cycle"#),
    BadSchema(#"{"types": {"Frame": {"fields": ‸{}}}, "keys": {}}"#, #"the type "Frame" needs "fields": an object with at least one field, such as {"width": {"type": "Double", "default": 800}}"#),
    BadSchema(#"{"types": {‸"DefaultsStore": {"fields": {"a": 1}}}, "keys": {}}"#, #"the name "DefaultsStore" of a record type collides with the library's type DefaultsStore; choose another name"#),
    BadSchema(#"{"types": {"Frame": {"fields": {"a": 1}, ‸"feilds": {}}}, "keys": {}}"#, #"unknown field "feilds" in type "Frame"; did you mean "fields"?"#),
    BadSchema(#"{"types": {"Frame": {"fields": {"a": {"type": "Int", "default": 1, ‸"key": "x"}}}}, "keys": {}}"#, #"unknown field "key" in field "a" of "Frame"; allowed fields are "type", "default", "description", "cases", "objc""#),
    BadSchema(#"{"types": {‸"Theme": {"fields": {"a": 1}}}, "keys": {"t": {"type": "Theme", "cases": ["x"], "default": "x"}}}"#, #"the type "Theme" is also an enum declared by "cases"; give one of them another name"#),
    BadSchema(#"{"types": ‸[], "keys": {}}"#, #""types" must be an object of record types, such as {"WindowFrame": {"fields": {…}}}, not an array"#),
    // Defaults
    BadSchema(#"{"keys": {"a": {"type": "Int", "default": ‸"3"}}}"#, "the default must be an integer for type Int, not a string"),
    BadSchema(#"{"keys": {"a": {"type": "UInt8", "default": ‸256}}}"#, "256 is out of range for UInt8 (0...255)"),
    BadSchema(#"{"keys": {"a": {"type": "Int", "default": ‸2.5}}}"#, "2.5 is not a whole number, as Int needs; remove the fraction or use Double"),
    BadSchema(#"{"keys": {"a": {"type": "Int64", "default": ‸9223372036854775808}}}"#, "9223372036854775808 is out of range for Int64 (-9223372036854775808...18446744073709551615)".replacingOccurrences(of: "18446744073709551615", with: "9223372036854775807")),
    BadSchema(#"{"keys": {"a": {"type": "Double", "default": ‸1e400}}}"#, "1e400 is out of range for Double"),
    BadSchema(#"{"keys": {"a": {"type": "Float", "default": ‸1e39}}}"#, "1e39 is out of range for Float"),
    BadSchema(#"{"keys": {"a": {"type": "Bool", "default": ‸0}}}"#, "the default must be true or false for type Bool, not an integer"),
    BadSchema(#"{"keys": {"a": {"type": "[Int]", "default": [1, ‸"2"]}}}"#, "the default must be an integer for type Int, not a string"),
    BadSchema(#"{"keys": {"a": {"type": "[String: Int]", "default": {"x": ‸true}}}}"#, "the default must be an integer for type Int, not a boolean"),
    BadSchema(#"{"keys": {"a": {"type": "Date", "default": ‸"yesterday"}}}"#, #""yesterday" is not an ISO 8601 date; write it like "2024-01-01T00:00:00Z""#),
    BadSchema(#"{"keys": {"a": {"type": "URL", "default": ‸"/relative/path"}}}"#, #""/relative/path" is not an absolute URL; write it with its scheme, a host and percent-escapes, like "https://example.com/path" (file, mailto, tel, sms, data and about URLs have no host)"#),
    BadSchema(#"{"keys": {"a": {"type": "URL", "default": ‸"api.example.com:443"}}}"#, #""api.example.com:443" is not an absolute URL; write it with its scheme, a host and percent-escapes, like "https://example.com/path" (file, mailto, tel, sms, data and about URLs have no host)"#),
    BadSchema(#"{"keys": {"a": {"type": "UUID", "default": ‸"not-a-uuid"}}}"#, #""not-a-uuid" is not a UUID; write it like "E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#),
    BadSchema(#"{"keys": {"a": {"type": "Data", "default": ‸"***"}}}"#, #""***" is not valid base64 for Data; write the bytes base64-encoded, such as "AQID""#),
    BadSchema(#"{"keys": {"a": {"type": "Double?", "default": ‸"x"}}}"#, #"the default must be a number for type Double, not a string"#),
    BadSchema(#"{"keys": {"a": {"type": "Tag", "rawType": ‸"Date", "swiftDefault": "Tag.x"}}}"#, #""rawType" must be a property-list scalar that a raw value is stored as: String, Int (or another integer type), Double, Float or Bool, not "Date""#),
    BadSchema(#"{"keys": {"a": {"type": "[Tag]", "rawType": ‸"String", "default": []}}}"#, #""rawType" is for a key of one of the module's own types ("Tag" or "Tag?"; another module's with "module"), not [Tag]; remove it"#),
    BadSchema(#"{"keys": {"a": {"type": "Tag", "rawType": "String", "default": ‸1}}}"#, #"the default must be a string for type String, not an integer"#),
    BadSchema(#"{"keys": {"a": {"type": ‸"Tag", "rawType": "String"}}}"#, #"key "a" of type Tag has no default; give its raw value as "default" (or make the type optional: "Tag?")"#),
    BadSchema(#"{"keys": {"a": {"type": "Tag", "rawType": "String", "default": "x"}, "b": {"type": "Tag?", "rawType": ‸"Int"}}}"#, #"Tag is stored as String by "a"; one type has one raw type, so give "rawType": "String" here too"#),
    BadSchema(#"{"keys": {"a": {"type": "String", "default": "", "renamedFrom": [{"name": "b", "type": "Int", "swiftConvert": ‸"f"}]}}}"#, #""swiftConvert" converts the old stored object itself; give either it or "type" and "values", not both"#),
    BadSchema(#"{"keys": {"a": {"type": "String", "default": "", "renamedFrom": [{"name": "b", "swiftConvert": ‸" "}]}}}"#, #""swiftConvert" must be a one-line Swift expression of type (Any) -> NewValue?, such as "LegacyColors.string(fromArchived:)""#),
    BadSchema(#"{"keys": {"a": {"type": "CGSize", "default": ‸[1]}}}"#, #"the default of a CGSize must be an array of 2 numbers [width, height], not 1 number"#),
    BadSchema(#"{"keys": {"a": {"type": "CGRect", "default": ‸"{{0, 0}, {1, 1}}"}}}"#, #"the default must be an array of 4 numbers [x, y, width, height] for type CGRect, not a string"#),
    BadSchema(#"{"keys": {"a": {"type": "NSPoint", "default": [1, ‸"2"]}}}"#, #"the default of an NSPoint must be an array of 2 numbers [x, y], not a string"#),
    BadSchema(#"{"keys": {"a": {"type": "Int", "default": ‸null}}}"#, #"null is not a value of Int; make the type optional ("Int?") or give a default"#),
    BadSchema(#"{"keys": {"a": {"type": ‸"Int"}}}"#, #"key "a" of type Int has no default; add "default" (or make the type optional: "Int?")"#),
    BadSchema(#"{"keys": {"a": {"type": ‸"Profile"}}}"#, #"key "a" of type Profile has no default; the type Profile is yours: give "swiftDefault" (a Swift expression such as "Profile()") or make it optional ("Profile?")"#),
    BadSchema(#"{"keys": {"a": {"type": "Profile", "default": ‸{}}}}"#, #""Profile" is not declared in this schema, so it is taken as your own DefaultsSerializable type, which a JSON default cannot build; declare it here ("cases" on a key, or "types") or write the default in Swift with "swiftDefault""#),
    // One message for a collection of an undeclared type, not one per element.
    BadSchema(#"{"keys": {"a": {"type": "[CFStringEncoding]", "default": ‸[1, 2, 3]}}}"#, #""CFStringEncoding" is not declared in this schema, so it is taken as your own DefaultsSerializable type, which a JSON default cannot build; declare it here ("cases" on a key, or "types") or write the default in Swift with "swiftDefault""#),
    BadSchema(#"{"keys": {"a": {"type": "Profile", "swiftDefault": "P()", "default": ‸1}}}"#, #"give either "default" or "swiftDefault", not both"#),
    BadSchema(#"{"keys": {"a": ‸null}}"#, #"cannot infer the type of "a" from null; give a type: { "type": "String?" }"#),
    BadSchema(#"{"keys": {"a": ‸[]}}"#, #"cannot infer the type of "a" from an empty array; give a type: { "type": "[String]", "default": [] }"#),
    BadSchema(#"{"keys": {"a": [‸1, "x"]}}"#, #"cannot infer one element type for "a"; give a type: { "type": "[...]", "default": [...] }"#),
    // Enums
    BadSchema(#"{"keys": {"t": {"type": "Theme", "cases": ["a", "b"], "default": ‸"c"}}}"#, #""c" is not a case of Theme; use one of "a", "b""#),
    BadSchema(#"{"keys": {"t": {"type": "Theme", "cases": ‸[], "default": "a"}}}"#, #"the enum "Theme" has no cases; list at least one in "cases""#),
    BadSchema(#"{"keys": {"t": {"type": "Theme", "cases": ["a", ‸"a"], "default": "a"}}}"#, #"duplicate case "a" (first at 1:44); remove one"#),
    BadSchema(#"{"keys": {"t": {"type": "Theme", "cases": ["dark-mode", ‸"dark mode"], "default": "dark-mode"}}}"#, #"the cases "dark-mode" (at 1:44) and "dark mode" both become the Swift case 'darkMode'; rename one"#),
    BadSchema(#"{"keys": {"t": {"type": "Theme", "cases": ["a"], "default": "a"}, "u": {"type": "Theme", "cases": ‸["b"], "default": "b"}}}"#, #"the enum "Theme" is already declared with other cases at 1:43; declare its cases once and use "type": "Theme" alone elsewhere"#),
    BadSchema(#"{"keys": {"t": {"type": ‸"String", "cases": ["a"], "default": "a"}}}"#, #""cases" declares an enum, so "type" must name it (such as "Theme"), not String"#),
    BadSchema(#"{"keys": {"t": {"type": "Theme", "cases": [‸"--"], "default": "--"}}}"#, #"cannot make a Swift case name from "--"; use a value with letters or digits that is not a reserved name, or name the cases: {"name": "--"}"#),
    BadSchema(#"{"keys": {"t": {"type": "Theme", "cases": ["a", ‸1], "default": "a"}}}"#, "each case must be a string, not an integer"),
    BadSchema(#"{"keys": {"t": {"type": "Size", "cases": [1, ‸"a"], "default": 1}}}"#, "each case of an Int enum must be an integer, not a string"),
    BadSchema(#"{"keys": {"t": {"type": "Size", "cases": [‸1.5], "default": 1}}}"#, "each case must be a string or an integer, not a number"),
    BadSchema(#"{"keys": {"t": {"type": "Size", "cases": {"small": 1, "big": 2}, "default": ‸3}}}"#, "3 is not a case of Size; use one of 1, 2"),
    BadSchema(#"{"keys": {"t": {"type": "Size", "cases": {"small": 1}, "default": ‸"huge"}}}"#, #""huge" is not a case of Size; use a raw value (1) or a case name ("small")"#),
    BadSchema(#"{"keys": {"t": {"type": "Size", "cases": {‸"2x": 1}, "default": 1}}}"#, #""2x" cannot name a case; use a Swift identifier that is not a reserved name"#),
    BadSchema(#"{"keys": {"t": {"type": "Size", "cases": ‸"a", "default": 1}}}"#, #""cases" must be an array of raw values, such as ["light", "dark"] or [1, 2], or an object of case names and raw values, such as {"small": 1}"#),
    BadSchema(#"{"keys": {"t": {"type": ‸"DefaultsStore", "cases": ["a"], "default": "a"}}}"#, #"the name "DefaultsStore" of an enum collides with the library's type DefaultsStore; choose another name"#),
    // Nested names, namespaces, shadowing
    BadSchema(#"{"keys": {"t": {"type": ‸"Mod..Theme", "cases": ["a"], "default": "a"}}}"#, #"invalid type "Mod..Theme": "Mod..Theme" is not a Swift type name"#),
    BadSchema(#"{"keys": {"t": {"type": ‸"Mod.class", "cases": ["a"], "default": "a"}}}"#, #""Mod.class" cannot name an enum ("class" is not a Swift type name); use a Swift type name such as "Theme", or a nested one such as "Preference.Theme""#),
    BadSchema(#"{"keys": {"t": {"type": ‸"ComparisonResult", "cases": ["a"], "default": "a"}}}"#, #"the name "ComparisonResult" of an enum would shadow Foundation's type ComparisonResult in this module; choose another name, such as "AppComparisonResult""#),
    BadSchema(#"{"keys": {"t": {"type": ‸"Prefs.Result", "cases": ["a"], "default": "a"}}}"#, #"the name "Prefs.Result" of an enum would shadow the standard library's type Result in this module; choose another name, such as "Prefs.AppResult""#),
    BadSchema(#"{"types": {‸"NSRect": {"fields": {"a": 1}}}, "keys": {}}"#, #"the name "NSRect" of a record type would shadow Foundation's type NSRect in this module; choose another name, such as "AppNSRect""#),
    BadSchema(#"{"keys": {"t": {"type": ‸"DefaultsKeys.Theme", "cases": ["a"], "default": "a"}}}"#, #"the name "DefaultsKeys.Theme" of an enum is nested in the library's type DefaultsKeys; choose another name"#),
    BadSchema(#"{"namespaces": ‸"Prefs", "keys": {}}"#, #""namespaces" must be an array of type names, such as ["Preference"], not a string"#),
    BadSchema(#"{"namespaces": ["Prefs", ‸"Prefs"], "keys": {"t": {"type": "Prefs.T", "cases": ["a"], "default": "a"}}}"#, #"the namespace "Prefs" is already declared (at 1:17); remove the repetition"#),
    BadSchema(#"{"namespaces": [‸"T"], "keys": {"t": {"type": "T", "cases": ["a"], "default": "a"}}}"#, #""T" is both a namespace and a type declared by the schema; remove it from "namespaces": types can be nested in the type itself"#),
    BadSchema(#"{"namespaces": [‸"Date"], "keys": {}}"#, #"the name "Date" of a namespace would shadow Foundation's type Date in this module; choose another name, such as "AppDate""#),
    // @objc enums
    BadSchema(#"{"keys": {"t": {"type": "T", "cases": ["a"], "default": "a", "objc": ‸true}}}"#, #"an @objc enum has integer raw values; give "cases" integers, such as {"small": 1}, or remove "objc""#),
    BadSchema(#"{"keys": {"t": {"type": "Int", "default": 1, "objc": ‸true}}}"#, #""objc" makes the enum declared by "cases" on the same key @objc; add "cases" or remove it"#),
    BadSchema(#"{"keys": {"t": {"type": "T", "cases": [1], "default": 1, "objc": ‸"yes"}}}"#, #""objc" must be true or false, not a string"#),
    // Typed migrations and retired names
    BadSchema(#"{"keys": {"a": {"type": "Int", "default": 1, "renamedFrom": [‸{"type": "Int"}]}}}"#, #"a "renamedFrom" entry needs "name": the stored name the old value lived under"#),
    BadSchema(#"{"keys": {"a": {"type": "Int", "default": 1, "renamedFrom": [{"name": "b", ‸"valus": {}}]}}}"#, #"unknown field "valus" in a "renamedFrom" entry; did you mean "values"?"#),
    BadSchema(#"{"keys": {"a": {"type": "Int", "default": 1, "renamedFrom": [{"name": "b", "values": ‸{"1": 2}}]}}}"#, #""values" maps old values of the old "type"; give "type" too, such as "type": "Int""#),
    BadSchema(#"{"keys": {"a": {"type": "Int", "default": 1, "renamedFrom": [{"name": "b", "type": ‸"[Int]"}]}}}"#, #"the old "type" of a migration is what the value was stored as: Bool, an integer type, Double, Float or String (an enum's raw type), not [Int]"#),
    BadSchema(#"{"keys": {"a": {"type": "Bool", "default": true, "renamedFrom": [{"name": "b", "type": "Bool", "values": {‸"yes": false}}]}}}"#, #""yes" is not a value of the old type Bool; write it as JSON text, such as "true", "2" or "dark""#),
    BadSchema(#"{"keys": {"a": {"type": "Bool", "default": true, "renamedFrom": [{"name": "b", "type": "Bool", "values": {"true": ‸"no"}}]}}}"#, "the default must be true or false for type Bool, not a string"),
    BadSchema(#"{"keys": {"a": {"type": "Bool", "default": true, "renamedFrom": [{"name": ‸"a", "type": "Bool", "values": {"true": false}}]}}}"#, #"the old value true is also a value of Bool, so a migrated value could not be told from an old one; store the new value under a new name with "key", and list "a" in "renamedFrom""#),
    BadSchema(#"{"keys": {"a": {"type": "Int", "default": 1, "renamedFrom": [‸"a"]}}}"#, #""a" is the key's own stored name; to change its type in place, give the old "type": {"name": "a", "type": "Int"}"#),
    BadSchema(#"{"retired": [‸"a"], "keys": {"a": 1}}"#, #""a" is retired but the key "a" stores its value there; remove it from "retired""#),
    BadSchema(#"{"retired": ‸"a", "keys": {}}"#, #""retired" must be an array of stored names that no key uses any more, such as ["oldSetting"]"#),
    // Suites named at run time
    BadSchema(#"{"suite": "a", "swiftSuite": ‸"AppGroup.id", "keys": {}}"#, #"give either "suite" or "swiftSuite", not both"#),
    BadSchema(#"{"keys": {"a": {"type": "Int", "default": 1, "suite": "x", "swiftSuite": ‸"AppGroup.id"}}}"#, #"give either "suite" or "swiftSuite", not both"#),
    BadSchema(#"{"swiftSuite": ‸" ", "keys": {}}"#, #""swiftSuite" must be a one-line Swift expression of type String?, such as "AppGroup.identifier""#),
    BadSchema(#"{"swiftSuite": "AppGroup.id", "settingsBundle": {"groups": [{"keys": [‸"a"]}]}, "keys": {"a": true}}"#, #""a" lives in the suite that AppGroup.id names at run time, but the Settings app reads a suite named in Root.plist; give the key a literal "suite" or leave it out of "settingsBundle""#),
    // Settings class
    BadSchema(#"{"settingsClass": ‸"app settings", "keys": {}}"#, #""app settings" cannot name the settings class; use a Swift type name such as "AppSettings""#),
    BadSchema(#"{"settingsClass": ‸"class", "keys": {}}"#, #""class" cannot name the settings class; use a Swift type name such as "AppSettings""#),
    BadSchema(#"{"settingsClass": ‸3, "keys": {}}"#, #""settingsClass" must be a string, not an integer"#),
    BadSchema(#"{"settingsClass": ‸"Theme", "keys": {"theme": {"type": "Theme", "cases": ["a"], "default": "a"}}}"#, #"the settings class "Theme" has the name of an enum or a type declared in the schema; choose another name"#),
    BadSchema(#"{"settingsClass": ‸"Test", "keys": {}}"#, #"the settings class "Test" collides with a generated or library type; choose another name"#),
    BadSchema(#"{"settingsClass": ‸"DefaultsStore", "keys": {}}"#, #"the settings class "DefaultsStore" collides with a generated or library type; choose another name"#),
    BadSchema(#"{"settingsClass": ‸"Volume", "keys": {"Volume": 1}}"#, #"the settings class "Volume" has the name of the key at 1:38; choose another name"#),
    BadSchema(#"{"settingsClass": "AppSettings", "keys": {‸"store": 1}}"#, #"the key "store" would collide with the settings class's own "store"; choose another name and keep the stored string with "key": "store""#),
    BadSchema(#"{"settingsClass": "AppSettings", "keys": {‸"reset": true}}"#, #"the key "reset" would collide with the settings class's own "reset"; choose another name and keep the stored string with "key": "reset""#),
    // Titles, ranges and the Settings bundle
    BadSchema(#"{"keys": {"a": {"type": "String", "default": "x", "minimum": ‸0}}}"#, #""minimum" and "maximum" are for a non-optional number type, not String"#),
    BadSchema(#"{"keys": {"a": {"type": "Int", "default": 5, "minimum": 0, "maximum": ‸2.5}}}"#, "2.5 is not a whole number, as Int needs; remove the fraction or use Double"),
    BadSchema(#"{"keys": {"a": {"type": "Double", "default": 5, "minimum": 3, "maximum": ‸1}}}"#, #""maximum" is below "minimum"; swap them"#),
    BadSchema(#"{"keys": {"a": {"type": "Double", "default": ‸5, "minimum": 0, "maximum": 1}}}"#, #"the default is above "maximum"; give a default inside the range"#),
    BadSchema(#"{"keys": {"a": {"type": "Int", "default": ‸-1, "minimum": 0}}}"#, #"the default is below "minimum"; give a default inside the range"#),
    BadSchema(#"{"keys": {"a": {"type": "Int", "default": 1, "title": ‸" "}}}"#, #""title" is empty; give the name the Settings app shows, or remove it"#),
    BadSchema(#"{"keys": {"t": {"type": "T", "cases": ["a", "b"], "caseTitles": ‸["A"], "default": "a"}}}"#, #""caseTitles" has 1 title for 2 cases; give one per case, in the order of "cases""#),
    BadSchema(#"{"keys": {"t": {"type": "Int", "default": 1, "caseTitles": ‸["A"]}}}"#, #""caseTitles" names the cases declared by "cases" on the same key; add "cases" or remove it"#),
    BadSchema(#"{"settingsBundle": {"groups": [{"keys": [‸"volum"]}]}, "keys": {"volume": 1}}"#, #"the schema has no key "volum"; did you mean "volume"?"#),
    BadSchema(#"{"settingsBundle": {"groups": [{"keys": ["a"]}, {"keys": [‸"a"]}]}, "keys": {"a": true}}"#, #""a" is already in the settings bundle (at 1:42); show each key once"#),
    BadSchema(#"{"settingsBundle": {"groups": [{"keys": [‸"a"]}]}, "keys": {"a": {"type": "[String]", "default": []}}}"#, #"the Settings app cannot show "a" of type [String]; it shows Bool, String, numbers and enums with a default"#),
    BadSchema(#"{"settingsBundle": {"groups": [{"keys": [‸"a"]}]}, "keys": {"a": {"type": "String?"}}}"#, #"the Settings app cannot show "a" of type String?; it shows Bool, String, numbers and enums with a default"#),
    BadSchema(#"{"settingsBundle": {"groups": ‸[]}, "keys": {}}"#, #""groups" must be a non-empty array of groups, such as [{"title": "General", "keys": ["showTips"]}]"#),
    BadSchema(#"{"settingsBundle": {"groups": [{‸"titel": "A", "keys": []}]}, "keys": {}}"#, #"unknown field "titel" in a settings group; did you mean "title"?"#),
    // Stored names
    BadSchema(#"{"keys": {"a": {"type": "Int", "default": 1, "key": "x"}, "b": {"type": "Int", "default": 1, "key": ‸"x"}}}"#, #"the stored name "x" is already used by "a" (at 1:53); two keys would share one value, so rename one with "key""#),
    BadSchema(#"{"keyPrefix": "p.", "keys": {"old": 1, "new": {"type": "Int", "default": 1, "renamedFrom": [‸"p.old"]}}}"#, #"the stored name "p.old" is already used by "old" (at 1:30); two keys would share one value, so rename one with "key""#),
    // iCloud
    BadSchema(#"{"iCloud": ‸"yes", "keys": {}}"#, #""iCloud" must be true or false, not a string"#),
    BadSchema(#"{"keys": {"a": {"type": "Int", "default": 1, "iCloud": ‸1}}}"#, #""iCloud" must be true or false, not an integer"#),
    BadSchema(#"{"keys": {"a": {"type": "Int", "default": 1, "key": ‸"a.very.long.stored.name.that.goes.past.what.icloud.takes.for.one.key", "iCloud": true}}}"#, #"the stored name "a.very.long.stored.name.that.goes.past.what.icloud.takes.for.one.key" is 68 bytes of UTF-8, and iCloud's key-value store takes names of at most 64; shorten it with "key" (and keep the old one in "renamedFrom"), or set "iCloud": false on the key"#),
    BadSchema(#"{"keyPrefix": "com.example.settings.sections.general.", "iCloud": true, "keys": {‸"größeDerSchriftInAllenFenstern": 12}}"#, #"the stored name "com.example.settings.sections.general.größeDerSchriftInAllenFenstern" is 70 bytes of UTF-8, and iCloud's key-value store takes names of at most 64; shorten it with "key" (and keep the old one in "renamedFrom"), or set "iCloud": false on the key"#),
]

@Suite struct BadSchemaTests {
    @Test(arguments: badSchemas)
    func reportsTheExactLocationAndMessage(_ bad: BadSchema) {
        let (schema, location) = bad.schemaAndLocation
        let output = generate(schema)
        #expect(output.source == nil, "no output for a bad schema")
        let errors = output.diagnostics.filter { $0.severity == .error }
        #expect(errors.contains(Diagnostic(.error, at: location, bad.message)), "got: \(errors.map { $0.description })")
    }

    @Test func collectsAllErrorsOfARunInFileOrder() {
        let schema = """
            {
              "keys": {
                "a": {"type": "Int", "default": "x"},
                "b": {"type": "Bool", "defualt": true},
                "c": {"type": "[Int"}
              },
              "extra": 1
            }
            """
        let errors = generate(schema).diagnostics.filter { $0.severity == .error }.map(\.location.description)
        #expect(errors == ["3:37", "4:19", "4:27", "5:24", "7:3"])
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let errors = generate(#"{"keys": {"a": "# + deep + "}}").diagnostics
        #expect(errors.first?.message.contains("nest deeper than") == true)
    }
}
