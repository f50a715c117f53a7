import DefaultsSchema
import Foundation
import Testing

/// The repository root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Compares `actual` with the committed file at `relativePath`; with `TYPED_DEFAULTS_RECORD=1` in the
/// environment, rewrites the file instead (then review the diff and commit it).
func expectSnapshot(_ actual: String, matches relativePath: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let url = repositoryRoot.appendingPathComponent(relativePath)
    if ProcessInfo.processInfo.environment["TYPED_DEFAULTS_RECORD"] == "1" {
        try Data(actual.utf8).write(to: url, options: .atomic)
        return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    if actual != expected {
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let firstDifference = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(actualLines.count, expectedLines.count)
        let shown = firstDifference < actualLines.count ? String(actualLines[firstDifference]) : "<end>"
        let wanted = firstDifference < expectedLines.count ? String(expectedLines[firstDifference]) : "<end>"
        Issue.record("\(relativePath) differs at line \(firstDifference + 1):\n  got:      \(shown)\n  expected: \(wanted)\nRun with TYPED_DEFAULTS_RECORD=1 to re-record.", sourceLocation: sourceLocation)
    }
}

/// Runs the whole generator on `json` and returns its output.
func generate(_ json: String, namespace: String = "Test") -> DefaultsKeysGenerator.Output {
    DefaultsKeysGenerator(namespace: namespace).generate(schema: Array(json.utf8), sourceName: "defaults.json")
}
