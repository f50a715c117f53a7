import DefaultsSchema
import Foundation
import Testing

/// The generator's table of the runtime's names against the runtime's recorded public API (`api/`, which
/// `.ci/api` keeps equal to the library): a member or type added to the library fails here until the table has it.
@Suite struct RuntimeNamesTests {
    /// The `TypeDecl` nodes the library declares (not extensions of other modules' types), by name.
    static func declaredTypes() throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: repositoryRoot.appendingPathComponent("api/TypedDefaults.json"))
        let root = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["ABIRoot"] as? [String: Any])
        let children = root["children"] as? [[String: Any]] ?? []
        let types = children.filter { $0["kind"] as? String == "TypeDecl" && $0["isExternal"] as? Bool != true }
        return Dictionary(uniqueKeysWithValues: types.compactMap { node in (node["name"] as? String).map { ($0, node) } })
    }

    @Test func keyMembersAreThePublicMembersOfTheKeyClasses() throws {
        let types = try Self.declaredTypes()
        var members = Set<String>()
        for name in ["DefaultsKeys", "DefaultsKey"] {
            let node = try #require(types[name])
            for child in node["children"] as? [[String: Any]] ?? [] {
                guard let member = child["name"] as? String, child["kind"] as? String != "TypeNominal" else { continue }
                // Operators and initializers cannot be key names.
                if member == "init" || member.first.map({ !$0.isLetter && $0 != "_" }) == true { continue }
                members.insert(member)
            }
        }
        #expect(RuntimeNames.keyMembers == members)
    }

    @Test func libraryTypesAreTheTypesTheLibraryDeclares() throws {
        #expect(RuntimeNames.libraryTypes == Set(try Self.declaredTypes().keys))
    }
}
