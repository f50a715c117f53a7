@testable import DefaultsSchema
import Foundation
import Testing

/// Keeps the published defaults.schema.json honest: the same fields as the validator, examples that generate.
@Suite struct JSONSchemaTests {
    let schema: [String: Any]

    init() throws {
        let data = try Data(contentsOf: repositoryRoot.appendingPathComponent("defaults.schema.json"))
        schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func isDraft2020_12() {
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    @Test func topLevelFieldsMatchTheValidator() throws {
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(SchemaValidator.topLevelFields))
        #expect(schema["required"] as? [String] == ["keys"])
        #expect(schema["additionalProperties"] as? Bool == false)
        let access = try #require(properties["access"] as? [String: Any])
        #expect(access["enum"] as? [String] == AccessLevel.allCases.map(\.rawValue))
    }

    @Test func keyFieldsMatchTheValidator() throws {
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let key = try #require(definitions["key"] as? [String: Any])
        let properties = try #require(key["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(SchemaValidator.keyFields))
        #expect(key["additionalProperties"] as? Bool == false)
    }

    @Test func recordTypeFieldsMatchTheValidator() throws {
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let record = try #require(definitions["recordType"] as? [String: Any])
        #expect(Set(try #require(record["properties"] as? [String: Any]).keys) == Set(SchemaValidator.typeFields))
        let field = try #require(definitions["field"] as? [String: Any])
        #expect(Set(try #require(field["properties"] as? [String: Any]).keys) == Set(SchemaValidator.fieldFields))
        #expect(record["additionalProperties"] as? Bool == false && field["additionalProperties"] as? Bool == false)
    }

    /// A `renamedFrom` entry's fields (`keepFormer` and `retry` were missing, so an editor refused schemas using them).
    @Test func migrationFieldsMatchTheValidator() throws {
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let migration = try #require(definitions["migration"] as? [String: Any])
        #expect(Set(try #require(migration["properties"] as? [String: Any]).keys) == Set(SchemaValidator.migrationFields))
        #expect(migration["additionalProperties"] as? Bool == false)
    }

    /// A family's `parameter` object.
    @Test func familyParameterFieldsMatchTheValidator() throws {
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let key = try #require((definitions["key"] as? [String: Any])?["properties"] as? [String: Any])
        let forms = try #require((key["parameter"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        let object = try #require(forms.first { $0["type"] as? String == "object" })
        #expect(Set(try #require(object["properties"] as? [String: Any]).keys) == Set(SchemaValidator.familyParameterFields))
    }

    @Test func settingsBundleFieldsMatchTheValidator() throws {
        let properties = try #require(schema["properties"] as? [String: Any])
        let bundle = try #require(properties["settingsBundle"] as? [String: Any])
        #expect(Set(try #require(bundle["properties"] as? [String: Any]).keys) == Set(SchemaValidator.settingsBundleFields))
        let groups = try #require((bundle["properties"] as? [String: Any])?["groups"] as? [String: Any])
        let group = try #require(groups["items"] as? [String: Any])
        #expect(Set(try #require(group["properties"] as? [String: Any]).keys) == Set(SchemaValidator.settingsGroupFields))
    }

    @Test func settingsViewFieldsMatchTheValidator() throws {
        let properties = try #require(schema["properties"] as? [String: Any])
        let view = try #require(properties["settingsView"] as? [String: Any])
        #expect(Set(try #require(view["properties"] as? [String: Any]).keys) == Set(SchemaValidator.settingsViewFields))
        #expect(view["required"] as? [String] == ["name"] && view["additionalProperties"] as? Bool == false)
        let groups = try #require((view["properties"] as? [String: Any])?["groups"] as? [String: Any])
        let group = try #require(groups["items"] as? [String: Any])
        #expect(Set(try #require(group["properties"] as? [String: Any]).keys) == Set(SchemaValidator.settingsGroupFields))
    }

    @Test func typeDescriptionNamesEveryBuiltinType() throws {
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let key = try #require(definitions["key"] as? [String: Any])
        let type = try #require((key["properties"] as? [String: Any])?["type"] as? [String: Any])
        let text = try #require(type["description"] as? String)
        for builtin in BuiltinType.allCases where !["Int16", "Int32", "UInt8", "UInt16", "UInt32"].contains(builtin.rawValue) {
            #expect(text.contains(builtin.rawValue), "\(builtin.rawValue)")
        }
    }

    /// The type-name pattern accepts what the validator accepts as a declared type's name, nested names included.
    @Test func typeNamePatternFlagsWhatTheGeneratorRefuses() throws {
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let pattern = try #require((definitions["typeName"] as? [String: Any])?["pattern"] as? String)
        let regex = try NSRegularExpression(pattern: pattern)
        func matches(_ name: String) -> Bool {
            regex.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
        }
        for name in ["Theme", "Preference.Theme", "A.B.C", "_Private"] { #expect(matches(name), "\(name)") }
        for name in ["Mod..Theme", ".Theme", "Theme.", "2D", "has space", "A-B"] {
            #expect(!matches(name), "\(name)")
            let output = generate(#"{"keys": {"t": {"type": "\#(name)", "cases": ["a"], "default": "a"}}}"#)
            #expect(output.source == nil, "the generator refuses \(name) too")
        }
    }

    @Test func examplesGenerateWithoutErrors() throws {
        let examples = try #require(schema["examples"] as? [Any])
        #expect(examples.count >= 2)
        for example in examples {
            let data = try JSONSerialization.data(withJSONObject: example)
            let output = DefaultsKeysGenerator(namespace: "Example").generate(schema: Array(data), sourceName: "defaults.json")
            #expect(output.source != nil, "\(output.diagnostics)")
        }
    }
}

// MARK: - The repository's schemas against defaults.schema.json

/// Editors check defaults.json files against defaults.schema.json: it must accept every schema the generator accepts
/// (the repository's, the documentation's, every one ever shipped) and reject the mistakes it can express.
extension JSONSchemaTests {
    /// A validator for defaults.schema.json.
    private var validator: JSONSchemaValidator { JSONSchemaValidator(schema: schema) }

    /// The validator implements every keyword defaults.schema.json uses, in branches no schema reaches too, and
    /// resolves every `$ref`: a check that passes has checked all that the schema says.
    @Test func validatorImplementsEveryKeywordOfTheSchema() {
        let problems = validator.unsupportedKeywords()
        #expect(problems.isEmpty, "\(problems.map(\.description))")
    }

    /// The examples in defaults.schema.json validate against it.
    @Test func examplesValidate() throws {
        let examples = try #require(schema["examples"] as? [Any])
        for (index, example) in examples.enumerated() {
            let errors = validator.validate(example)
            #expect(errors.isEmpty, "example \(index): \(errors.map(\.description))")
        }
    }

    /// Every defaults.json of the packages under Fixtures/ (symbolic links followed; not the bad schemas of
    /// Fixtures/BadSchema and Fixtures/BadSchemas), Examples/ and Sources/defaults-demo/ validates.
    @Test func packageSchemasValidate() throws {
        var files: [String] = []
        for folder in ["Fixtures", "Examples", "Sources/defaults-demo"] {
            let found = try Self.files(in: repositoryRoot.appendingPathComponent(folder)) { $0 == "defaults.json" }
            files += found.filter { !$0.hasPrefix("BadSchema/") && !$0.hasPrefix("BadSchemas/") }.map { folder + "/" + $0 }
        }
        #expect(files.count >= 20, "found only \(files)")
        for file in files {
            try expectValid(try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8), from: file)
        }
    }

    /// Every schema of the test corpus validates: Tests/DefaultsSchemaTests/Schemas/*.json, and its Compatibility/
    /// folder, which holds every schema ever shipped.
    @Test func corpusSchemasValidate() throws {
        var files: [String] = []
        for folder in ["Tests/DefaultsSchemaTests/Schemas", "Tests/DefaultsSchemaTests/Schemas/Compatibility"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent(folder).path)
            files += names.filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
        }
        #expect(files.count >= 45, "found only \(files)")
        for file in files {
            try expectValid(try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8), from: file)
        }
    }

    /// Every complete schema in the documentation (a ```json block that starts with `{` and has "keys") of README.md,
    /// docs/ and the DocC catalog validates.
    @Test func documentationSchemasValidate() throws {
        var documents = ["README.md"]
        for folder in ["docs", "Sources/TypedDefaults/TypedDefaults.docc", "Sources/TypedDefaultsSync/TypedDefaultsSync.docc"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent(folder).path)
            documents += names.filter { $0.hasSuffix(".md") }.sorted().map { folder + "/" + $0 }
        }
        var count = 0
        for document in documents {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent(document), encoding: .utf8)
            let blocks = text.components(separatedBy: "```json\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
            for (index, block) in blocks.enumerated() where block.hasPrefix("{") && block.contains("\"keys\"") {
                try expectValid(block, from: "\(document), json block \(index + 1)")
                count += 1
            }
        }
        #expect(count >= 8, "found only \(count) schemas in \(documents)")
    }

    /// Schemas the generator accepts that defaults.schema.json refused (issue #28): enums declared on array, set,
    /// optional and dictionary keys and on record fields, String and Int enums alike; a run-time suite; names
    /// beyond ASCII, which Swift and the generator allow.
    static let schemasBothAccept: [String] = [
        // Key families: a String parameter by name, an Int one as an object, a "key" template.
        #"{"keys": {"calendars": {"type": "[String]", "default": [], "parameter": "widgetID", "key": "{widgetID}_calendars"}}}"#,
        #"{"keys": {"zoom": {"type": "Double", "default": 1, "parameter": {"name": "index", "type": "Int"}}}}"#,
        #"{"keys": {"buttons": {"type": "[Preference.ToolBarButton]", "cases": ["a", "b"], "default": ["a"]}}}"#,
        #"{"keys": {"actions": {"type": "Set<WindowAction>", "cases": ["left", "right"], "default": []}}}"#,
        // An Int enum on an array key, declared by raw values, then by case names (a default may name a case).
        #"{"keys": {"levels": {"type": "[Level]", "cases": [1, 2, 3], "default": [1, 3]}}}"#,
        #"{"keys": {"sizes": {"type": "[IconSize]", "cases": {"small": 16, "large": 64}, "default": [16, "large"]}}}"#,
        #"{"keys": {"mode": {"type": "Mode?", "cases": ["fast", "slow"]}}}"#,
        #"{"keys": {"modes": {"type": "[String: Mode]", "cases": ["fast", "slow"], "default": {"main": "fast"}}}}"#,
        #"{"types": {"KeyBinding": {"fields": {"modifiers": {"type": "[Modifier]", "cases": ["command", "shift"], "default": ["command"]}}}}, "keys": {"binding": {"type": "KeyBinding", "default": {}}}}"#,
        #"{"swiftSuite": "AppGroup.identifier", "keys": {"a": 1}}"#,
        #"{"settingsClass": "Réglages", "keys": {"größe": {"type": "Schriftgröße", "cases": ["klein", "groß"], "default": "klein"}}}"#,
        // Apple's colour types, with sRGB hex defaults; a schema's own enum named Color.
        ##"{"keys": {"tint": {"type": "Color", "default": "#FF8000"}, "stroke": {"type": "CGColor?"}, "badges": {"type": "[UIColor]", "default": ["#FF000080"]}}}"##,
        ##"{"keys": {"tint": {"type": "SwiftUI.Color?", "default": "#ff8000"}, "theme": {"type": "Color", "cases": ["red", "green"], "default": "red"}}}"##,
    ]

    @Test(arguments: schemasBothAccept)
    func acceptsWhatTheGeneratorAccepts(_ json: String) throws {
        #expect(generate(json).source != nil, "the generator refuses \(json)")
        try expectValid(json, from: json)
    }

    /// Bad schemas whose mistake JSON Schema can express, most from BadSchemaTests: defaults.schema.json rejects each,
    /// as the generator does.
    static let schemasBothReject: [String] = [
        // The schema is not an object.
        #"["keys"]"#,
        // No "keys".
        #"{"access": "public"}"#,
        // "keys" is not an object.
        #"{"keys": []}"#,
        // An unknown top-level field.
        #"{"keys": {}, "acess": "public"}"#,
        // An access level that does not exist.
        #"{"keys": {}, "access": "open"}"#,
        // "keyPrefix" is not a string.
        #"{"keyPrefix": 1, "keys": {}}"#,
        // A key name that is not a Swift identifier.
        #"{"keys": {"2fast": 1}}"#,
        // A key name that is empty.
        #"{"keys": {"": 1}}"#,
        // Shorthands the type cannot be inferred from: null and an empty array.
        #"{"keys": {"a": null}}"#,
        #"{"keys": {"a": []}}"#,
        // An unknown field of a key.
        #"{"keys": {"a": {"type": "Int", "defualt": 1}}}"#,
        // A key without "type".
        #"{"keys": {"a": {"default": 1}}}"#,
        // "type" is not a string, or is empty.
        #"{"keys": {"a": {"type": 3, "default": 1}}}"#,
        #"{"keys": {"a": {"type": "", "default": 1}}}"#,
        // An empty stored name.
        #"{"keys": {"a": {"type": "Int", "default": 1, "key": ""}}}"#,
        // "renamedFrom" is not an array; an entry without "name", with an unknown field, "values" without "type", an
        // old type that is not a scalar.
        #"{"keys": {"a": {"type": "Int", "default": 1, "renamedFrom": "old"}}}"#,
        #"{"keys": {"a": {"type": "Int", "default": 1, "renamedFrom": [{"type": "Int"}]}}}"#,
        #"{"keys": {"a": {"type": "Int", "default": 1, "renamedFrom": [{"name": "b", "valus": {}}]}}}"#,
        #"{"keys": {"a": {"type": "Int", "default": 1, "renamedFrom": [{"name": "b", "values": {"1": 2}}]}}}"#,
        #"{"keys": {"a": {"type": "Int", "default": 1, "renamedFrom": [{"name": "b", "type": "[Int]"}]}}}"#,
        // "cases" of the wrong shape: no case, a repeated case, strings and integers mixed (in an array and in an
        // object), a fraction, a string.
        #"{"keys": {"t": {"type": "Theme", "cases": [], "default": "a"}}}"#,
        #"{"keys": {"t": {"type": "Theme", "cases": ["a", "a"], "default": "a"}}}"#,
        #"{"keys": {"t": {"type": "Theme", "cases": ["a", 1], "default": "a"}}}"#,
        #"{"keys": {"t": {"type": "Size", "cases": {"small": 1, "big": "x"}, "default": 1}}}"#,
        #"{"keys": {"t": {"type": "Size", "cases": [1.5], "default": 1}}}"#,
        #"{"keys": {"t": {"type": "Size", "cases": "a", "default": 1}}}"#,
        // "cases" with a type that is no type name.
        #"{"keys": {"t": {"type": "Mod..Theme", "cases": ["a"], "default": "a"}}}"#,
        // "objc" and "caseTitles" without "cases"; "objc" not a boolean.
        #"{"keys": {"t": {"type": "Int", "default": 1, "objc": true}}}"#,
        #"{"keys": {"t": {"type": "Int", "default": 1, "caseTitles": ["A"]}}}"#,
        #"{"keys": {"t": {"type": "T", "cases": [1], "default": 1, "objc": "yes"}}}"#,
        // An empty suite; a key's suite that is not a string.
        #"{"suite": "", "keys": {}}"#,
        #"{"keys": {"a": {"type": "Int", "default": 1, "suite": 3}}}"#,
        // "suite" and "swiftSuite" together, at the top level and on a key.
        #"{"suite": "a", "swiftSuite": "AppGroup.id", "keys": {}}"#,
        #"{"keys": {"a": {"type": "Int", "default": 1, "suite": "x", "swiftSuite": "AppGroup.id"}}}"#,
        // A blank "swiftSuite", and one over two lines.
        #"{"swiftSuite": " ", "keys": {}}"#,
        #"{"swiftSuite": "AppGroup\n.identifier", "keys": {}}"#,
        // A settings class name that is no Swift type name, or not a string.
        #"{"settingsClass": "app settings", "keys": {}}"#,
        #"{"settingsClass": 3, "keys": {}}"#,
        // Record types: not an object, no fields, an unknown field of a type and of a field.
        #"{"types": [], "keys": {}}"#,
        #"{"types": {"Frame": {"fields": {}}}, "keys": {}}"#,
        #"{"types": {"Frame": {"fields": {"a": 1}, "feilds": {}}}, "keys": {}}"#,
        #"{"types": {"Frame": {"fields": {"a": {"type": "Int", "default": 1, "key": "x"}}}}, "keys": {}}"#,
        // "namespaces" not an array, or with a repetition.
        #"{"namespaces": "Prefs", "keys": {}}"#,
        #"{"namespaces": ["Prefs", "Prefs"], "keys": {"t": {"type": "Prefs.T", "cases": ["a"], "default": "a"}}}"#,
        // "retired" not an array.
        #"{"retired": "a", "keys": {}}"#,
        // A settings bundle without groups, and a group with an unknown field.
        #"{"settingsBundle": {"groups": []}, "keys": {}}"#,
        #"{"settingsBundle": {"groups": [{"titel": "A", "keys": []}]}, "keys": {}}"#,
        // "iCloud" not a boolean, at the top level and on a key.
        #"{"iCloud": "yes", "keys": {}}"#,
        #"{"keys": {"a": {"type": "Int", "default": 1, "iCloud": 1}}}"#,
        // A family's parameter: not an identifier, another type, no name.
        #"{"keys": {"a": {"type": "Int", "default": 1, "parameter": "widget id"}}}"#,
        #"{"keys": {"a": {"type": "Int", "default": 1, "parameter": {"name": "id", "type": "UUID"}}}}"#,
        #"{"keys": {"a": {"type": "Int", "default": 1, "parameter": {"type": "Int"}}}}"#,
        // AppKit's colour class, which the library does not store: alone, optional, in a collection.
        #"{"keys": {"a": {"type": "NSColor"}}}"#,
        #"{"keys": {"a": {"type": "[String: NSColor?]"}}}"#,
        #"{"types": {"R": {"fields": {"c": {"type": "Set<NSColor>"}}}}, "keys": {}}"#,
    ]

    @Test(arguments: schemasBothReject)
    func rejectsWhatItCanExpress(_ json: String) throws {
        #expect(generate(json).source == nil, "the generator accepts \(json)")
        let errors = validator.validate(try Self.parse(json))
        #expect(!errors.isEmpty, "defaults.schema.json accepts \(json)")
        #expect(errors.allSatisfy { $0.kind == .violation }, "\(errors.map(\.description))")
    }

    /// `swiftSuite` has one type everywhere: the top-level and key descriptions say the same, and take the same text.
    @Test func swiftSuiteIsDescribedAlikeEverywhere() throws {
        let properties = try #require(schema["properties"] as? [String: Any])
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let keyProperties = try #require((definitions["key"] as? [String: Any])?["properties"] as? [String: Any])
        let topLevel = try #require(properties["swiftSuite"] as? [String: Any])
        let onAKey = try #require(keyProperties["swiftSuite"] as? [String: Any])
        let topText = try #require(topLevel["description"] as? String)
        let keyText = try #require(onAKey["description"] as? String)
        #expect(topText.contains("of type String? ") && keyText.contains("of type String? "))
        #expect(topText.components(separatedBy: ". Not with").first == keyText.components(separatedBy: ". Not with").first)
        #expect(topLevel["pattern"] as? String == onAKey["pattern"] as? String)
    }

    // MARK: - Helpers

    /// Expects `json` to validate against defaults.schema.json; `source` says where it comes from.
    private func expectValid(_ json: String, from source: String) throws {
        let errors = validator.validate(try Self.parse(json))
        #expect(errors.isEmpty, "\(source):\n\(errors.map(\.description).joined(separator: "\n"))")
    }

    /// The JSON text `json` (a fragment too) as JSONSerialization reads it.
    static func parse(_ json: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
    }

    /// The errors of the JSON text `instance` against the JSON Schema text `schema`.
    static func errors(of instance: String, against schema: String) throws -> [JSONSchemaError] {
        JSONSchemaValidator(schema: try parse(schema)).validate(try parse(instance))
    }

    /// The paths, relative to `folder`, of the files under it (symbolic links followed, folders whose names start
    /// with "." skipped) whose names satisfy `isWanted`.
    private static func files(in folder: URL, depth: Int = 0, where isWanted: (String) -> Bool) throws -> [String] {
        guard depth < 16 else { return [] }  // A symbolic link loop.
        var found: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                found += try files(in: url, depth: depth + 1, where: isWanted).map { name + "/" + $0 }
            } else if isWanted(name) {
                found.append(name)
            }
        }
        return found
    }

    /// The first cell of each row of the table under `heading` in docs/Schema.md: its fields (`minimum`, `maximum`
    /// share a row).
    static func documentedFields(under heading: String) throws -> Set<String> {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/Schema.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: heading), "docs/Schema.md has no \(heading)")
        let rows = lines[(start + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.dropFirst(2)
        var fields: Set<String> = []
        for row in rows {
            let cell = row.split(separator: "|").first.map(String.init) ?? ""
            for part in cell.split(separator: ",") {
                let name = part.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                if !name.isEmpty { fields.insert(name) }
            }
        }
        return fields
    }

    /// docs/Schema.md's tables of top-level and key fields list exactly the validator's fields: a field added to one
    /// place only fails here (with the JSON Schema's tests above, all three agree).
    @Test func theDocumentedFieldTablesMatchTheValidator() throws {
        #expect(try Self.documentedFields(under: "## A key") == Set(SchemaValidator.keyFields))
        #expect(try Self.documentedFields(under: "## Top level") == Set(SchemaValidator.topLevelFields))
    }
}
