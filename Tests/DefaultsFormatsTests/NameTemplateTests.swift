import DefaultsFormats
import Testing

/// A key family's stored-name template: one grammar for the generator and the runtime, byte-exact as `UserDefaults`
/// names are.
@Suite struct NameTemplateTests {
    @Test func partsOfATemplate() throws {
        let template = try #require(NameTemplate("selectedCalendars_{widgetID}"))
        #expect(template.prefix == "selectedCalendars_" && template.suffix == "" && template.parameterName == "widgetID")
        #expect(template.storedName(for: "w1") == "selectedCalendars_w1")
        #expect(template.parameterText(of: "selectedCalendars_w1") == "w1")
        #expect(template.parameterText(of: "selectedCalendars_") == nil, "an empty parameter text names no member")
        for bad in ["plain", "{}", "a{b}{c}", "a}b{c", "a{b", "a{b}}", "{{b}"] { #expect(NameTemplate(bad) == nil, "\(bad)") }
    }

    /// `é` precomposed (U+00E9) and `e` with a combining acute (U+0065 U+0301) are equal Swift strings but two names in
    /// `UserDefaults`: the template tells them apart on both sides of the parameter.
    @Test func nonASCIIAndCombiningCharactersAreComparedByByte() throws {
        let composed = try #require(NameTemplate("caf\u{E9}_{id}_r\u{E9}sum\u{E9}"))
        let decomposed = "cafe\u{301}_7_re\u{301}sume\u{301}"
        #expect("caf\u{E9}_7_r\u{E9}sum\u{E9}" == decomposed, "Swift finds them equal")
        #expect(composed.parameterText(of: decomposed) == nil, "UserDefaults does not")
        #expect(composed.parameterText(of: "caf\u{E9}_7_r\u{E9}sum\u{E9}") == "7")
        #expect(composed.parameterText(of: "caf\u{E9}_\u{1F600}x_r\u{E9}sum\u{E9}") == "\u{1F600}x")
        let other = try #require(NameTemplate("cafe\u{301}_{id}_re\u{301}sume\u{301}"))
        #expect(!composed.mayOverlap(other), "their members never share a stored name")
        #expect(composed.mayOverlap(try #require(NameTemplate("caf\u{E9}_{id}_r\u{E9}sum\u{E9}"))))
    }

    @Test func overlaps() throws {
        func template(_ text: String) throws -> NameTemplate { try #require(NameTemplate(text)) }
        #expect(try template("a_{id}").mayOverlap(try template("a_b_{id}")))
        #expect(try template("{id}_x").mayOverlap(try template("{id}_y_x")))
        #expect(try !template("a_{id}").mayOverlap(try template("{id}_b")), "different on both sides")
        #expect(try !template("a_{id}").mayOverlap(try template("b_{id}")))
    }
}
