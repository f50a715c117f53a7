import Foundation
import TestSupport
import Testing

/// The README is a front page that leads to the rest; every relative link of the documentation leads somewhere.
@Suite struct DocumentationShapeTests {
    static let documents = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md"] + markdownFiles(in: "docs")

    static func markdownFiles(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent(folder).path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
    }

    @Test func theReadmeIsAFrontPage() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 200, "README.md has \(lines) lines; move the detail to docs/ and link to it")
        for page in ["docs/Guide.md", "docs/Schema.md", "docs/ICloudSync.md", "CONTRIBUTING.md"] {
            #expect(readme.contains("(\(page)") || readme.contains("(./\(page)"), "README.md links to \(page)")
        }
    }

    @Test(arguments: documents)
    func relativeLinksLeadToFiles(document: String) throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(document), encoding: .utf8)
        #expect(!text.contains("example.com/TypedDefaults"), "\(document): a made-up install or release URL")
        let folder = repositoryRoot.appendingPathComponent(document).deletingLastPathComponent()
        // [text](target) where target is a relative path, an optional #anchor after it.
        let pattern = try NSRegularExpression(pattern: #"\]\(([^)\s#:]+)(#[^)\s]*)?\)"#)
        let range = NSRange(text.startIndex..., in: text)
        for match in pattern.matches(in: text, range: range) {
            guard let targetRange = Range(match.range(at: 1), in: text) else { continue }
            let target = String(text[targetRange])
            let exists = FileManager.default.fileExists(atPath: folder.appendingPathComponent(target).standardizedFileURL.path)
            #expect(exists, "\(document): the link to \(target) leads nowhere")
        }
    }
}
