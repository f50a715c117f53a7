import Foundation
import Testing
import TestSupport
@testable import TypedDefaults

extension DefaultsKeyFamilies {
    fileprivate static let noteColors = DefaultsKeyFamily<String, String>("{noteID}_color", default: "yellow", formerNameTemplates: ["color.{noteID}"])
    fileprivate static let pageSizes = DefaultsKeyFamily<Int, Int>("pageSize_{page}", default: 12)
}

/// Families over real `UserDefaults` suites: members found in the suite's own domain only, former templates, `Int`
/// parameters written one way.
@Suite struct KeyFamilyStoreTests {
    @Test func membersAreTheSuitesOwnStoredNamesNotRegisteredOnes() {
        let scratch = ScratchSuite()
        let store = scratch.store
        store[DefaultsKeyFamilies.noteColors.key("n1")] = "blue"
        // A registered default, and a value written by another process (straight into the suite): only the latter is stored.
        store.register(DefaultsKeyFamilies.noteColors.key("registered"))
        scratch.defaults.set("pink", forKey: "n2_color")
        scratch.defaults.set("other", forKey: "unrelated")
        #expect(store.members(of: DefaultsKeyFamilies.noteColors) == ["n1", "n2"])
        // A store over the suite by name reads the suite's own domain.
        #expect(DefaultsStore.suite(scratch.name).members(of: DefaultsKeyFamilies.noteColors) == ["n1", "n2"])
        store.removeMembers(of: DefaultsKeyFamilies.noteColors)
        #expect(store.members(of: DefaultsKeyFamilies.noteColors) == [])
        #expect(scratch.defaults.string(forKey: "unrelated") == "other")
        #expect(scratch.defaults.string(forKey: "registered_color") == "yellow")
    }

    @Test func aValueUnderAFormerTemplateIsAMemberAndMovesOnRead() {
        let scratch = ScratchSuite()
        scratch.defaults.set("red", forKey: "color.n7")
        #expect(scratch.store.members(of: DefaultsKeyFamilies.noteColors) == ["n7"])
        #expect(scratch.store[DefaultsKeyFamilies.noteColors.key("n7")] == "red")
        #expect(scratch.defaults.string(forKey: "n7_color") == "red")
        #expect(scratch.defaults.object(forKey: "color.n7") == nil)
        #expect(scratch.store.members(of: DefaultsKeyFamilies.noteColors) == ["n7"])
    }

    @Test func intMembersAreOnlyNamesAnIntWrites() {
        let scratch = ScratchSuite()
        for name in ["pageSize_3", "pageSize_-1", "pageSize_042", "pageSize_+5", "pageSize_x", "pageSize_"] {
            scratch.defaults.set(20, forKey: name)
        }
        #expect(scratch.store.members(of: DefaultsKeyFamilies.pageSizes) == [-1, 3])
        #expect(DefaultsKeyFamilies.pageSizes.parameter(ofStoredName: "pageSize_042") == nil)
        #expect(DefaultsKeyFamilies.pageSizes.parameter(ofStoredName: "pageSize_42") == 42)
        #expect(scratch.store[DefaultsKeyFamilies.pageSizes.key(3)] == 20)
    }

    @Test func theStandardSuiteListsItsOwnValuesNotTheRegisteredOrGlobalOnes() {
        // UserDefaults.standard of the test process: its settings live in the test environment's own folder.
        let store = DefaultsStore(UserDefaults.standard)
        let id = UUID().uuidString
        defer { store.removeMembers(of: DefaultsKeyFamilies.noteColors) }
        store.register(DefaultsKeyFamilies.noteColors.key("registered-\(id)"))
        store[DefaultsKeyFamilies.noteColors.key(id)] = "blue"
        let members = store.members(of: DefaultsKeyFamilies.noteColors)
        #expect(members.contains(id))
        #expect(!members.contains("registered-\(id)"))
    }

    @Test func aQueuedRemovalIsNotListed() {
        let scratch = ScratchSuite()
        let key = DefaultsKeyFamilies.noteColors.key("q")
        scratch.store[key] = "blue"
        scratch.store.remove(key)
        #expect(scratch.store.members(of: DefaultsKeyFamilies.noteColors) == [])
    }

    @Test func keysOfMembersUsedLatelyAreKeptAndTheKeptOnesAreBounded() {
        let family = DefaultsKeyFamily<Int, Int>("kept_{index}", default: 0)
        #expect(family.key(1) === family.key(1))
        #expect(family.key(1) !== family.key(2))
        // Past the limit, the kept keys are let go: a new key of a member is still equal to the one made before.
        let first = family.key(0)
        for index in 1...DefaultsKeyFamily<Int, Int>.recentKeyLimit { _ = family.key(index) }
        #expect(family.key(0) !== first)
        #expect(family.key(0) == first)
    }

    /// The grammar itself is DefaultsFormats' `NameTemplate` (NameTemplateTests); here, a family reads it.
    @Test func templatesAreSplitAroundTheirOneParameter() {
        let family = DefaultsKeyFamily<Int, Int>("a_{id}_b", default: 0)
        #expect(family.key(7).name == "a_7_b")
        #expect(family.parameterText(ofStoredName: "a_7_b") == "7")
        #expect(family.parameterText(ofStoredName: "a__b") == nil)
        #expect(family.parameterName == "id")
        #expect(DefaultsKeyFamilies.noteColors.parameterName == "noteID")
    }

    /// Members are found by byte, as `UserDefaults` names are: a name that only looks the same (a decomposed `é`)
    /// is not a member of a family whose template writes it precomposed.
    @Test func membersAreFoundByByteNotByLooks() {
        let store = DefaultsStore.inMemory()
        let family = DefaultsKeyFamily<String, Int>("caf\u{E9}_{id}", default: 0)
        store[family.key("a")] = 1
        store.suite.store(2, name: "cafe\u{301}_b")  // another name to UserDefaults
        #expect(store.members(of: family) == ["a"])
    }
}
