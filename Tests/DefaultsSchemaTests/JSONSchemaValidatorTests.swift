@testable import DefaultsSchema
import Foundation
import Testing

/// The validator of the JSON Schema checks (`JSONSchemaValidation.swift`) on its own: a check by it means what it
/// says only if it tells types apart, follows references and conditions, and says which keywords it skips.
extension JSONSchemaTests {
    /// A type check tells a boolean from a number (JSONSerialization gives both as NSNumber), takes 3.0 as an
    /// integer, and names where the value and the keyword are.
    @Test func validatorTellsTypesApart() throws {
        #expect(try Self.errors(of: "true", against: #"{"type": "integer"}"#).count == 1)
        #expect(try Self.errors(of: "1", against: #"{"type": "boolean"}"#).count == 1)
        #expect(try Self.errors(of: "0", against: #"{"type": "boolean"}"#).count == 1)
        #expect(try Self.errors(of: "false", against: #"{"type": "boolean"}"#).isEmpty)
        #expect(try Self.errors(of: "3", against: #"{"type": "integer"}"#).isEmpty)
        #expect(try Self.errors(of: "3.0", against: #"{"type": "integer"}"#).isEmpty)
        #expect(try Self.errors(of: "3.5", against: #"{"type": "integer"}"#).count == 1)
        #expect(try Self.errors(of: "3", against: #"{"type": ["number", "null"]}"#).isEmpty)
        #expect(try Self.errors(of: "null", against: #"{"type": "object"}"#).count == 1)
        let nested = try Self.errors(of: #"{"a": {"b": 1}}"#, against: #"{"properties": {"a": {"properties": {"b": {"type": "string"}}}}}"#)
        #expect(nested.map(\.instancePath) == ["/a/b"])
        #expect(nested.map(\.schemaPath) == ["/properties/a/properties/b/type"])
    }

    /// With additionalProperties false, a member that properties and patternProperties do not name is an error.
    @Test func validatorRejectsUnknownProperties() throws {
        let schema = #"{"properties": {"a": true}, "patternProperties": {"^x-": true}, "additionalProperties": false}"#
        #expect(try Self.errors(of: #"{"a": 1, "x-b": 2}"#, against: schema).isEmpty)
        #expect(try Self.errors(of: #"{"a": 1, "b": 2}"#, against: schema).map(\.instancePath) == ["/b"])
        #expect(try Self.errors(of: #"{"b": 2}"#, against: #"{"required": ["a"]}"#).count == 1)
    }

    /// A $ref applies its target, whose path the errors give; a $ref to nothing is an unsupported error.
    @Test func validatorFollowsReferences() throws {
        let schema = ##"{"$defs": {"name": {"type": "string", "minLength": 2}}, "properties": {"a": {"$ref": "#/$defs/name"}}}"##
        #expect(try Self.errors(of: #"{"a": "xy"}"#, against: schema).isEmpty)
        let errors = try Self.errors(of: #"{"a": "x"}"#, against: schema)
        #expect(errors.map(\.schemaPath) == ["/$defs/name/minLength"])
        #expect(errors.map(\.instancePath) == ["/a"])
        let dangling = try Self.errors(of: #"{"a": "xy"}"#, against: ##"{"properties": {"a": {"$ref": "#/$defs/none"}}}"##)
        #expect(dangling.map(\.kind) == [.unsupported])
    }

    /// then applies when if matches, else when it does not.
    @Test func validatorAppliesConditions() throws {
        let schema = #"{"if": {"required": ["cases"]}, "then": {"properties": {"type": {"pattern": "^[A-Z]"}}}, "else": {"required": ["type"]}}"#
        #expect(try Self.errors(of: #"{"cases": [], "type": "Theme"}"#, against: schema).isEmpty)
        #expect(try Self.errors(of: #"{"cases": [], "type": "theme"}"#, against: schema).map(\.schemaPath) == ["/then/properties/type/pattern"])
        #expect(try Self.errors(of: #"{"type": "theme"}"#, against: schema).isEmpty)
        #expect(try Self.errors(of: "{}", against: schema).map(\.schemaPath) == ["/else/required"])
    }

    /// oneOf wants exactly one match; enum and uniqueItems compare numbers by value but never a boolean with a
    /// number; not inverts; dependentRequired; "$" ends the text, as in ECMA-262 (not before a final line break).
    @Test func validatorChecksCombinationsAndValues() throws {
        let oneOf = #"{"oneOf": [{"type": "integer"}, {"type": "number"}]}"#
        #expect(try Self.errors(of: "1.5", against: oneOf).isEmpty)
        #expect(try !Self.errors(of: "1", against: oneOf).isEmpty)
        #expect(try Self.errors(of: "1.0", against: #"{"enum": [1, "a"]}"#).isEmpty)
        #expect(try !Self.errors(of: "true", against: #"{"enum": [1, "a"]}"#).isEmpty)
        #expect(try !Self.errors(of: "[1, 1.0]", against: #"{"uniqueItems": true}"#).isEmpty)
        #expect(try Self.errors(of: "[1, true]", against: #"{"uniqueItems": true}"#).isEmpty)
        #expect(try !Self.errors(of: #"{"a": 1, "b": 2}"#, against: #"{"not": {"required": ["a", "b"]}}"#).isEmpty)
        #expect(try !Self.errors(of: #"{"a": 1}"#, against: #"{"dependentRequired": {"a": ["b"]}}"#).isEmpty)
        #expect(try Self.errors(of: #""ab""#, against: #"{"pattern": "^[a-z]+$"}"#).isEmpty)
        #expect(try !Self.errors(of: #""ab\n""#, against: #"{"pattern": "^[a-z]+$"}"#).isEmpty)
    }

    /// A keyword the validator does not implement is an error, even inside anyOf or not, where a failure could pass;
    /// and the whole-schema check finds one that no value reaches.
    @Test func validatorReportsUnsupportedKeywords() throws {
        #expect(try Self.errors(of: #""2024-01-01""#, against: #"{"format": "date"}"#).map(\.kind) == [.unsupported])
        let hidden = try Self.errors(of: "1", against: #"{"anyOf": [{"multipleOf": 2}, true], "not": {"contains": {}}}"#)
        #expect(hidden.map(\.kind) == [.unsupported, .unsupported])
        let unreached = JSONSchemaValidator(schema: try Self.parse(#"{"properties": {"never": {"prefixItems": []}}}"#))
        #expect(unreached.validate(try Self.parse("{}")).isEmpty)
        #expect(unreached.unsupportedKeywords().map(\.schemaPath) == ["/properties/never/prefixItems"])
    }
}
