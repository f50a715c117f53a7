import DefaultsSchema
import Testing

/// Each choice a screen or spec makes about a key is made once (``KeyEditing``) and read by the Settings bundle, the
/// settings view and the AppConfig spec: the same key, decided alike everywhere.
@Suite struct KeyDecisionsTests {
    private static let schemaJSON = """
        {"keys": {
          "rating": {"type": "Int", "default": 3, "minimum": 0, "maximum": 10, "managed": true},
          "count": {"type": "Int", "default": 5, "minimum": 0, "maximum": 100},
          "free": {"type": "UInt8", "default": 1},
          "gain": {"type": "Double", "default": 0.5, "minimum": 0, "maximum": 1},
          "floor": {"type": "Float", "default": 1, "minimum": 0},
          "mode": {"type": "Mode", "cases": {"fast": 1, "slowAndSteady": 2}, "default": "fast", "caseTitles": ["Quick", "Slow"]},
          "look": {"type": "Look", "cases": {"plain": "p", "fancyLook": "f"}, "default": "p"},
          "server": {"type": "URL", "default": "https://example.com"},
          "name": {"type": "String", "default": "ann"},
          "tags": {"type": "[Int]", "default": [1]},
          "when": {"type": "Date?"},
          "size": {"type": "CGSize", "default": [1, 2]}
        }}
        """

    private let schema: Schema
    private let enums: [String: EnumDeclaration]

    init() throws {
        schema = try #require(generate(Self.schemaJSON).schema)
        enums = Dictionary(uniqueKeysWithValues: schema.enums.map { ($0.name, $0) })
    }

    private func key(_ name: String) throws -> KeyDeclaration {
        try #require(schema.keys.first { $0.identifier == name })
    }

    @Test func aSmallIntegerRangeIsAListInTheSettingsAppAStepperInTheViewAndBoundedInTheSpec() throws {
        let rating = try key("rating")
        guard case .number(let number) = KeyEditing(rating, enums: enums) else { Issue.record("not a number"); return }
        #expect(number.isInteger && number.listedWholeNumbers == (0...10).map(String.init))
        #expect(SettingsAppControl.forKey(rating, enums: enums) == .wholeNumbers((0...10).map(String.init)))
        #expect(try SettingsControl.forKey(rating).get() == .stepper(minimum: .integer("0"), maximum: .integer("10")))
        let field = try AppConfigField.forKey(rating, enums: enums).get()
        #expect(field.element == "integer" && field.field == "input" && field.isInteger)
        #expect(field.bounds?.minimum == .integer("0") && field.bounds?.maximum == .integer("10"))
    }

    @Test func integersPastTwelveNumbersOrUnboundedAreTypedNeverSlid() throws {
        #expect(SettingsAppControl.forKey(try key("count"), enums: enums) == .textField(.numberPad))
        #expect(try SettingsControl.forKey(try key("count")).get() == .stepper(minimum: .integer("0"), maximum: .integer("100")))
        #expect(SettingsAppControl.forKey(try key("free"), enums: enums) == .textField(.numberPad))
        #expect(try SettingsControl.forKey(try key("free")).get() == .number(isInteger: true))
    }

    @Test func realNumbersSlideOnlyWithBothBounds() throws {
        #expect(SettingsAppControl.forKey(try key("gain"), enums: enums) == .slider(minimum: .double(0), maximum: .double(1)))
        #expect(try SettingsControl.forKey(try key("gain")).get() == .slider(minimum: .double(0), maximum: .double(1)))
        #expect(SettingsAppControl.forKey(try key("floor"), enums: enums) == .textField(.decimalPad))
        #expect(try SettingsControl.forKey(try key("floor")).get() == .number(isInteger: false))
        #expect(try AppConfigField.forKey(try key("floor"), enums: enums).get().bounds?.maximum == nil)
    }

    @Test func anEnumsCasesAndTitlesAreTheSameInTheSettingsAppAndTheSpec() throws {
        for name in ["mode", "look"] {
            let key = try key(name)
            guard case .choice(let cases) = KeyEditing(key, enums: enums) else { Issue.record("\(name): not a choice"); continue }
            #expect(SettingsAppControl.forKey(key, enums: enums) == .cases(cases))
            #expect(try AppConfigField.forKey(key, enums: enums).get().allowed == cases.choices)
            #expect(try SettingsControl.forKey(key).get() == .picker(enumName: cases.enumName))
        }
        guard case .choice(let mode) = KeyEditing(try key("mode"), enums: enums),
              case .choice(let look) = KeyEditing(try key("look"), enums: enums) else { return }
        #expect(mode.choices.map(\.title) == ["Quick", "Slow"])
        #expect(mode.choices.map(\.storedValue) == ["1", "2"] && mode.isIntBacked == true)
        #expect(look.choices.map(\.title) == ["Plain", "Fancy Look"])
        #expect(look.choices.map(\.storedValue) == ["p", "f"] && look.isIntBacked == false)
    }

    @Test func whatAScreenCannotShowIsDecidedWithTheRest() throws {
        // URL and Date: the view edits them, the Settings app has no specifier for them.
        #expect(SettingsAppControl.forKey(try key("server"), enums: enums) == nil)
        #expect(try SettingsControl.forKey(try key("server")).get() == .url)
        #expect(try AppConfigField.forKey(try key("server"), enums: enums).get().element == "string")
        #expect(SettingsAppControl.forKey(try key("when"), enums: enums) == nil)
        #expect(try SettingsControl.forKey(try key("when")).get() == .date)
        #expect(SettingsAppControl.forKey(try key("name"), enums: enums) == .textField(.alphabet))
        // An array: listed by the spec only.
        #expect(KeyEditing(try key("tags"), enums: enums) == .list(of: .number(NumberEditing(isInteger: true))))
        #expect(try AppConfigField.forKey(try key("tags"), enums: enums).get().element == "integerArray")
        #expect(SettingsAppControl.forKey(try key("tags"), enums: enums) == nil)
        #expect(throws: SettingsControlRefusal.self) { try SettingsControl.forKey(try key("tags")).get() }
        // Geometry: nothing edits it.
        #expect(KeyEditing(try key("size"), enums: enums) == .unedited)
        #expect(throws: AppConfigField.LeftOut.self) { try AppConfigField.forKey(try key("size"), enums: enums).get() }
    }

    @Test func anEnumArraysDefaultInTheSpecIsItsOwnEnumsRawValues() throws {
        // Two enums with a case of the same name: the default names the case of the array's own enum.
        let schema = try #require(generate("""
            {"keys": {
              "first": {"type": "First", "cases": {"x": "from-first"}, "default": "from-first"},
              "second": {"type": "Second", "cases": {"x": "from-second"}, "default": "from-second"},
              "seconds": {"type": "[Second]", "default": ["from-second"], "managed": true}
            }}
            """).schema)
        let text = try #require(AppConfigSpecRenderer(sourceName: "defaults.json", bundleID: "com.example").render(schema).text)
        #expect(text.contains("<value>from-second</value>"))
        #expect(!text.contains("from-first"))
    }
}
