import Foundation
import Testing

/// `docs/Internals.docc` describes the life of a write and of a read hop by hop. `.ci/docs` builds it with the
/// internal symbols, so a hop's symbol that is renamed or removed fails there; this checks the other half of each
/// row: the file it names declares the hop.
@Suite struct InternalsCatalogTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `| n | ``Type/name(labels:)`` | `path` | what |` → (the declared name, the path under Sources/TypedDefaults).
    static func hops(in article: String) throws -> [(symbol: String, name: String, path: String)] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/Internals.docc/\(article)"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> (String, String, String)? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, Int(cells[0]) != nil, cells[1].hasPrefix("``"), cells[2].hasPrefix("`") else { return nil }
            let symbol = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let last = symbol.split(separator: "/").last.map(String.init) ?? symbol
            let name = String(last.prefix { $0 != "(" })
            return (symbol, name, cells[2].trimmingCharacters(in: CharacterSet(charactersIn: "`")))
        }
    }

    @Test(arguments: ["LifeOfAWrite.md", "LifeOfARead.md"])
    func everyHopIsDeclaredInTheFileItsRowNames(article: String) throws {
        let hops = try Self.hops(in: article)
        #expect(hops.count >= 5, "\(article): the table was not found")
        for hop in hops {
            let file = Self.root.appendingPathComponent("Sources/TypedDefaults/\(hop.path)")
            let source = try String(contentsOf: file, encoding: .utf8)
            let declared = ["func \(hop.name)(", "func \(hop.name)<", "var \(hop.name):", "let \(hop.name):"]
            #expect(declared.contains { source.contains($0) }, "\(article): \(hop.symbol) is not declared in \(hop.path)")
        }
        // No file entered twice on the way: the rows of one file are consecutive.
        var seen: [String] = []
        for hop in hops where seen.last != hop.path {
            #expect(!seen.contains(hop.path), "\(article): \(hop.path) is entered twice")
            seen.append(hop.path)
        }
    }
}
