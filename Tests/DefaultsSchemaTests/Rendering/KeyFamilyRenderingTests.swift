import DefaultsSchema
import Foundation
import Testing

/// Key families as generated: the golden (compiled and run in GeneratedReferenceTests) and the settings reference.
@Suite struct KeyFamilyRenderingTests {
    private static let path = "Tests/DefaultsSchemaTests/Schemas/families.json"

    @Test func familiesMatchTheCompiledReference() throws {
        let schema = try Data(contentsOf: repositoryRoot.appendingPathComponent(Self.path))
        let output = DefaultsKeysGenerator(namespace: "Families").generate(schema: Array(schema), sourceName: "families.json")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let source = try #require(output.source)
        #expect(source.contains("    static func selectedCalendars(widgetID: String) -> DefaultsKey<[String]> {\n"))
        #expect(source.contains("    static func pageZoom(index: Int) -> DefaultsKey<Double> {\n"))
        try expectSnapshot(source, matches: "Tests/GeneratedReferenceTests/Reference/FamiliesDefaultsKeys.swift")
    }

    @Test func theSettingsReferenceListsFamiliesWithTheirNameTemplates() throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(Self.path), encoding: .utf8)
        let schema = try #require(generate(text, namespace: "Families").schema)
        let reference = SettingsReferenceRenderer(sourceName: "families.json", namespace: "Families").render(schema)
        #expect(reference.contains("\n## Key families\n"))
        #expect(reference.contains("| Calendars (`selectedCalendars(widgetID:)`) | `fam_selectedCalendars_{widgetID}` | `widgetID`: `String` | `[String]` | `[]` |  | The calendars a widget shows. |  |\n"))
        #expect(reference.contains("| Page Zoom (`pageZoom(index:)`) | `fam_pageZoom_{index}` | `index`: `Int` | `Double` | `1.0` | 0.5…3.0 |  |  |\n"))
        // Families have no `defaults write` line: their members' names are not known.
        #expect(!reference.contains("defaults write DOMAIN 'fam_selectedCalendars"))
    }
}
