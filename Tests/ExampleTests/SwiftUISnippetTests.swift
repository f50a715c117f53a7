import Foundation
import TestSupport
import Testing

/// SwiftUI is not compiled on Linux: the SwiftUI snippets of the README, docs/ and the DocC articles live, verbatim,
/// in the example apps under Examples/ that the macOS workflow builds. This checks that they cannot drift apart.
@Suite struct SwiftUISnippetTests {
    /// Where the snippets are documented.
    static let documents = ["README.md"] + markdownFiles(in: "docs")
        + markdownFiles(in: "Sources/TypedDefaults/TypedDefaults.docc")
        + markdownFiles(in: "Sources/TypedDefaultsSync/TypedDefaultsSync.docc")

    /// The Markdown files of a folder of the repository, as paths from its root.
    static func markdownFiles(in folder: String) -> [String] {
        try! FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
    }

    /// Where they must appear: every Swift file of the examples.
    static let exampleDirectories = ["Examples/SwiftUIExample/Sources", "Examples/XcodeApp/XcodeApp"]

    @Test func everySwiftUISnippetIsInTheCompiledExamples() throws {
        let exampleLines = try Set(Self.exampleDirectories.flatMap { try swiftFiles(under: $0) }.flatMap { file in
            try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        })
        var snippets = 0
        for document in Self.documents {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent(document), encoding: .utf8)
            for snippet in swiftBlocks(in: text) where Self.usesSwiftUI(snippet) {
                snippets += 1
                for line in snippet.map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty {
                    #expect(exampleLines.contains(line), "\(document): this line of a SwiftUI snippet is in no example under Examples/:\n  \(line)")
                }
            }
        }
        // The two SwiftUI snippets of docs/Guide.md at least: a check over nothing would pass whatever the docs say.
        #expect(snippets >= 2)
    }

    @Test func theCheckSeesSwiftUISnippetsAndOnlyThose() {
        let text = "a\n```swift\nimport SwiftUI\nstruct V: View {}\n```\n```swift\nDefaults[.a] = 1\n```\n```json\n{}\n```\n"
        let blocks = swiftBlocks(in: text)
        #expect(blocks == [["import SwiftUI", "struct V: View {}"], ["Defaults[.a] = 1"]])
        #expect(blocks.map(Self.usesSwiftUI) == [true, false])
        #expect(Self.usesSwiftUI(["#Preview { V() }"]) && Self.usesSwiftUI(["@Bindable var s: S"]))
    }

    /// Whether a snippet is SwiftUI code (only Apple platforms compile it).
    static func usesSwiftUI(_ lines: [String]) -> Bool {
        lines.contains { $0.contains("import SwiftUI") || $0.contains(": View") || $0.contains("#Preview") || $0.contains("@Bindable") }
    }
}

/// The lines of each ```swift block of a Markdown text.
func swiftBlocks(in markdown: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
            current = []
        } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
            blocks.append(current!)
            current = nil
        } else {
            current?.append(line)
        }
    }
    return blocks
}

/// The Swift files below `directory` (relative to the repository).
func swiftFiles(under directory: String) throws -> [URL] {
    let root = repositoryRoot.appendingPathComponent(directory)
    let paths = FileManager.default.subpaths(atPath: root.path) ?? []
    return paths.filter { $0.hasSuffix(".swift") }.sorted().map { root.appendingPathComponent($0) }
}
