import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

/// File URLs follow the app's container: an iOS update gives the app a new home directory
/// (`…/Containers/Data/Application/<new UUID>`), and a URL of a file inside the old one must read inside the new one.
@Suite struct FileURLTests {
    static let oldHome = "/private/var/mobile/Containers/Data/Application/0E1D4E5C-1B2A-4C3D-8E9F-0A1B2C3D4E5F"
    static let newHome = "/private/var/mobile/Containers/Data/Application/9A8B7C6D-5E4F-4A3B-9C2D-1E0F9A8B7C6D"

    /// Runs `body` with the store seeing `home` as the home directory.
    func withHome<Result>(_ home: String, _ body: () throws -> Result) rethrows -> Result {
        try StoredFileURL.$homeOverride.withValue(home, operation: body)
    }

    @Test func aFileInsideTheHomeIsStoredWithATildeWhereApplePlatformsDoSo() {
        let url = URL(fileURLWithPath: Self.oldHome + "/Documents/Notes/a b.txt")
        #expect(StoredFileURL.storedForm(of: url, home: Self.oldHome, abbreviatesHome: true) == "~/Documents/Notes/a b.txt")
        #expect(StoredFileURL.storedForm(of: url, home: Self.oldHome + "/", abbreviatesHome: true) == "~/Documents/Notes/a b.txt")
        #expect(StoredFileURL.storedForm(of: URL(fileURLWithPath: "/tmp/x"), home: Self.oldHome, abbreviatesHome: true) == "/tmp/x")
        // A folder that only starts like the home is not inside it.
        #expect(StoredFileURL.storedForm(of: URL(fileURLWithPath: Self.oldHome + "-other/x"), home: Self.oldHome, abbreviatesHome: true) == Self.oldHome + "-other/x")
        #expect(StoredFileURL.storedForm(of: url, home: Self.oldHome, abbreviatesHome: false) == Self.oldHome + "/Documents/Notes/a b.txt")
    }

    @Test func aTildePathReadsInsideTheCurrentHome() {
        let read = StoredFileURL.fileURL(fromPath: "~/Documents/a b.txt", home: Self.newHome)
        #expect(read == URL(fileURLWithPath: Self.newHome + "/Documents/a b.txt"))
        #expect(StoredFileURL.fileURL(fromPath: "~", home: Self.newHome).path == Self.newHome)
    }

    /// What versions before 1.0 wrote (`file:///…/<old UUID>/…`) and an absolute path that `@AppStorage` code
    /// stored: both read inside the current container; a path outside any container is left as it is.
    @Test func absoluteFormsOfAnEarlierContainerMoveIntoTheCurrentOne() throws {
        let earlier = try #require(URL(string: "file://" + Self.oldHome + "/Documents/a%20b.txt"))
        #expect(StoredFileURL.resolved(earlier, home: Self.newHome) == URL(fileURLWithPath: Self.newHome + "/Documents/a b.txt"))
        #expect(StoredFileURL.fileURL(fromPath: Self.oldHome + "/Library/x", home: Self.newHome).path == Self.newHome + "/Library/x")
        #expect(StoredFileURL.fileURL(fromPath: "/usr/share/dict/words", home: Self.newHome).path == "/usr/share/dict/words")
        // Another app's group container is not this app's home: left alone.
        let group = "/private/var/mobile/Containers/Shared/AppGroup/1D2C3B4A-5E6F-4A7B-8C9D-0E1F2A3B4C5D/x"
        #expect(StoredFileURL.fileURL(fromPath: group, home: Self.newHome).path == group)
    }

    /// Through a store: a URL written while the app lived in one container reads in the next one, whichever form
    /// wrote it (the store on Apple platforms, the store's earlier versions, `UserDefaults` directly).
    @Test func throughAStoreAFileURLFollowsTheContainer() throws {
        let scratch = ScratchSuite()
        let key = DefaultsKey<URL?>("lastDocument")
        let file = URL(fileURLWithPath: Self.oldHome + "/Documents/report.pdf")
        let moved = URL(fileURLWithPath: Self.newHome + "/Documents/report.pdf")
        for stored in ["~/Documents/report.pdf", file.absoluteString, file.path] {
            scratch.defaults.set(stored, forKey: key.name)
            let read = withHome(Self.newHome) { scratch.store[key] }
            #expect(read == moved, "stored as \(stored)")
        }
        // Written by the store, read after the move.
        withHome(Self.oldHome) { scratch.store[key] = file }
        let stored = try #require(scratch.defaults.string(forKey: key.name))
        #if canImport(ObjectiveC)
        #expect(stored == "~/Documents/report.pdf")
        #else
        // Linux stores the plain path, as `UserDefaults.set(_: URL, forKey:)` does there.
        #expect(stored == file.path)
        #endif
        #expect(withHome(Self.newHome) { scratch.store[key] } == moved)
    }

    /// Linux: `UserDefaults.set(_: URL, forKey:)` stores a file URL's plain path, and `url(forKey:)` reads what
    /// the store writes; web URLs are archived (a string would read as a file path), and read back whole.
    @Test func whatUserDefaultsReadsOfTheStoredForms() throws {
        let scratch = ScratchSuite()
        let file = URL(fileURLWithPath: "/tmp/typeddefaults/a b.txt")
        scratch.store[DefaultsKey<URL?>("file")] = file
        #expect(scratch.defaults.url(forKey: "file") == file)
        let web = try #require(URL(string: "https://example.com/a?b=1#c"))
        scratch.store[DefaultsKey<URL?>("web")] = web
        #expect(scratch.defaults.object(forKey: "web") is Data)
        #expect(scratch.defaults.url(forKey: "web") == web)
        #expect(scratch.store[DefaultsKey<URL?>("web")] == web)
        #if !canImport(ObjectiveC)
        scratch.defaults.set(file, forKey: "raw")
        #expect(scratch.defaults.object(forKey: "raw") as? String == file.path)
        #expect(scratch.store[DefaultsKey<URL?>("raw")] == file)
        #endif
    }
}
