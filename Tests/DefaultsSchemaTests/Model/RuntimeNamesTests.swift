import DefaultsSchema
import Foundation
import Testing

/// The generator's table of the library's names against the library's recorded public API (`api/`, which
/// `.ci/api` keeps equal to the library): a type added to the runtime or the test doubles fails here until the
/// table has it, and no member of the key classes may stop a key from taking its name.
@Suite struct RuntimeNamesTests {
    /// The public `TypeDecl` nodes `module` declares (not extensions of other modules' types, not the `package` types
    /// the dump also records, as `isInternal`), by name.
    static func declaredTypes(of module: String = "TypedDefaults") throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: repositoryRoot.appendingPathComponent("api/\(module).json"))
        let root = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["ABIRoot"] as? [String: Any])
        let children = root["children"] as? [[String: Any]] ?? []
        let types = children.filter {
            $0["kind"] as? String == "TypeDecl" && $0["isExternal"] as? Bool != true && $0["isInternal"] as? Bool != true
        }
        return Dictionary(uniqueKeysWithValues: types.compactMap { node in (node["name"] as? String).map { ($0, node) } })
    }

    /// Keys may take the names of the key classes' instance members (a static and an instance member of one name
    /// coexist; only the declaring module's own code sees the key instead of the member). The generator accepts a
    /// key named after each; the ConsumerConfigurations fixture compiles a few, used from both sides.
    @Test func aKeyMayBeNamedAfterEveryMemberOfTheKeyClassesButLabel() throws {
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
        #expect(members.isSuperset(of: ["name", "migrations", "defaultValue", "formerNames"]))
        #expect(members.isSuperset(of: RuntimeNames.reservedKeyNames))
        for member in members {
            let output = DefaultsKeysGenerator(namespace: "Test").generate(schema: Array(#"{"keys": {"\#(member)": 1}}"#.utf8), sourceName: "defaults.json")
            // Except the one member settings screens read on values typed `DefaultsKeys` in the declaring module.
            if RuntimeNames.reservedKeyNames.contains(member) {
                #expect(output.source == nil, "a key named \(member) would hide it")
            } else {
                #expect(output.source != nil, "a key named \(member) is refused: \(output.diagnostics.map(\.description))")
            }
        }
    }

    @Test func libraryTypesAreTheTypesTheLibraryDeclares() throws {
        #expect(RuntimeNames.runtimeTypes == Set(try Self.declaredTypes(of: "TypedDefaults").keys))
        #expect(RuntimeNames.syncTypes == Set(try Self.declaredTypes(of: "TypedDefaultsSync").keys))
        #expect(RuntimeNames.testDoubleTypes == Set(try Self.declaredTypes(of: "TypedDefaultsTestDoubles").keys))
        #expect(RuntimeNames.libraryTypes == RuntimeNames.runtimeTypes.union(RuntimeNames.syncTypes).union(RuntimeNames.testDoubleTypes))
    }

    /// The Apple-only types are the ones the runtime's iOS record (`api/ios/`, which `.ci/api` keeps equal to the
    /// runtime as iOS compiles it) has and its Linux record lacks.
    @Test func appleOnlyLibraryTypesAreTheTypesOnlyIOSCompiles() throws {
        let ios = Set(try Self.declaredTypes(of: "ios/TypedDefaults").keys)
        let linux = Set(try Self.declaredTypes(of: "TypedDefaults").keys)
        #expect(linux.isSubset(of: ios))
        #expect(RuntimeNames.appleOnlyLibraryTypes == ios.subtracting(linux))
        let iosSync = Set(try Self.declaredTypes(of: "ios/TypedDefaultsSync").keys)
        let linuxSync = Set(try Self.declaredTypes(of: "TypedDefaultsSync").keys)
        #expect(RuntimeNames.appleOnlySyncTypes == iosSync.subtracting(linuxSync))
        #expect(Set(try Self.declaredTypes(of: "ios/TypedDefaultsTestDoubles").keys) == RuntimeNames.testDoubleTypes)
    }

    /// A user's module may import the test doubles (its tests, a demo mode): a schema may not take their names.
    @Test func aSchemaMayNotTakeTheTestDoublesNames() {
        let output = DefaultsKeysGenerator(namespace: "Test").generate(
            schema: Array(#"{"types": {"InMemoryCloudAccount": {"fields": {"a": 1}}}, "keys": {}}"#.utf8), sourceName: "defaults.json")
        #expect(output.source == nil)
        #expect(output.diagnostics.map(\.description).contains { $0.contains("collides with the library's type InMemoryCloudAccount") })
        #expect(RuntimeNames.shadowedModule(of: "InMemoryCloudAccount") == "TypedDefaultsTestDoubles")
    }
}
