import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

/// URL keys and `UserDefaults`'s own URL methods, both ways: what a store writes reads back through
/// `url(forKey:)` (what `@AppStorage`, swift-sharing and hand-written code use) as the same URL, and what
/// `set(_: URL?, forKey:)` writes reads back through a store. Each test uses a scratch suite of its own.
@Suite struct URLInteropTests {
    static let web = URL(string: "https://swift.org/path?q=1#frag")!
    /// Files and folders that need not exist: a folder's trailing slash must survive without a disk to ask.
    static let files = [
        URL(fileURLWithPath: "/tmp/typeddefaults-url/a b.txt", isDirectory: false),
        URL(fileURLWithPath: "/tmp/typeddefaults-url/no such folder", isDirectory: true),
        URL(fileURLWithPath: NSHomeDirectory() + "/Documents/café.txt", isDirectory: false),
        URL(fileURLWithPath: NSHomeDirectory() + "/Library/no such folder", isDirectory: true),
    ]

    @Test func aWebURLWrittenByAStoreReadsThroughURLForKey() {
        let scratch = ScratchSuite()
        scratch.store[DefaultsKey<URL>("homepage", default: URL(string: "https://example.com")!)] = Self.web
        scratch.store[DefaultsKey<URL?>("lastLink")] = Self.web
        #expect(scratch.defaults.url(forKey: "homepage") == Self.web)
        #expect(scratch.defaults.url(forKey: "lastLink") == Self.web)
    }

    @Test(arguments: files)
    func aFileURLWrittenByAStoreReadsThroughURLForKey(_ file: URL) {
        let scratch = ScratchSuite()
        scratch.store[DefaultsKey<URL>("file", default: URL(fileURLWithPath: "/"))] = file
        scratch.store[DefaultsKey<URL?>("optionalFile")] = file
        #expect(scratch.defaults.url(forKey: "file") == file)
        #expect(scratch.defaults.url(forKey: "optionalFile") == file)
        // And back through the store.
        #expect(scratch.store[DefaultsKey<URL?>("file")] == file)
    }

    /// What `set(_: URL?, forKey:)` wrote reads through a store as `url(forKey:)` reads it: the same URL for files
    /// (Linux stores the path) and, on Apple platforms, for web URLs (an archive). Linux's own `set` keeps only a
    /// web URL's path (`/path`), which both read as a file URL: nothing more can be read from it.
    @Test(arguments: [web] + files)
    func whatUserDefaultsSetWroteReadsThroughAStore(_ url: URL) {
        let scratch = ScratchSuite()
        scratch.defaults.set(url, forKey: "url")
        let read = scratch.store[DefaultsKey<URL?>("url")]
        #expect(read == scratch.defaults.url(forKey: "url"))
        #if canImport(ObjectiveC)
        #expect(read == url)
        #else
        if url.isFileURL && !url.hasDirectoryPath { #expect(read == url) }
        #endif
    }

    /// `NSKeyedArchiver` archives of an `NSURL` in the layout Apple's archiver writes (binary property lists made
    /// with Python's `plistlib`, not by this platform's archiver; `plutil -p` shows them): a web URL, and a `~`
    /// path as `set(_: URL?, forKey:)` stores a file inside the home directory, both as a file URL relative to
    /// `file:///` (`fileURLWithPath:` of a relative path) and as a URL without a scheme.
    @Test func archivedURLsAsApplePlatformsWriteThemRead() {
        let scratch = ScratchSuite()
        let key = DefaultsKey<URL?>("url")
        scratch.defaults.set(Self.data(Self.archivedWebURL), forKey: "url")
        #expect(scratch.store[key] == Self.web)
        #expect(scratch.defaults.url(forKey: "url") == Self.web)
        let home = "/private/var/mobile/Containers/Data/Application/9A8B7C6D-5E4F-4A3B-9C2D-1E0F9A8B7C6D"
        for archive in [Self.archivedTildeFileURL, Self.archivedTildeBareURL] {
            scratch.defaults.set(Self.data(archive), forKey: "url")
            let read = StoredFileURL.$homeOverride.withValue(home) { scratch.store[key] }
            #expect(read == URL(fileURLWithPath: home + "/Documents/a b.txt"))
        }
    }

    /// Every form stores before this one wrote reads back: `absoluteString`, plain and `~` paths.
    @Test func olderStoredFormsStillRead() {
        let scratch = ScratchSuite()
        let key = DefaultsKey<URL?>("url")
        scratch.defaults.set(Self.web.absoluteString, forKey: "url")
        #expect(scratch.store[key] == Self.web)
        scratch.defaults.set("file:///tmp/a%20b.txt", forKey: "url")
        #expect(scratch.store[key] == URL(fileURLWithPath: "/tmp/a b.txt"))
        scratch.defaults.set("/tmp/a b.txt", forKey: "url")
        #expect(scratch.store[key] == URL(fileURLWithPath: "/tmp/a b.txt"))
        scratch.defaults.set("~/a b.txt", forKey: "url")
        #expect(scratch.store[key] == URL(fileURLWithPath: NSHomeDirectory() + "/a b.txt"))
    }

    /// The bytes of a base64 fixture (none, which reads as no URL, if it were not base64).
    static func data(_ base64: String) -> Data { Data(base64Encoded: base64) ?? Data() }

    /// `{$version, $archiver, $top: {root: 1}, $objects: [$null, {NS.base: 0, NS.relative: 2, $class: 3},
    /// "https://swift.org/path?q=1#frag", {$classname: NSURL, $classes: [NSURL, NSObject]}]}`
    static let archivedWebURL = """
        YnBsaXN0MDDUAQIDBAUGBwpYJHZlcnNpb25ZJGFyY2hpdmVyVCR0b3BYJG9iamVjdHMSAAGGoF8QD05TS2V5ZWRBcmNoaXZlctEICVRyb290gAGk\
        CwwTFFUkbnVsbNMNDg8QERJXTlMuYmFzZVtOUy5yZWxhdGl2ZVYkY2xhc3OAAIACgANfEB9odHRwczovL3N3aWZ0Lm9yZy9wYXRoP3E9MSNmcmFn\
        0hUWFxhaJGNsYXNzbmFtZVgkY2xhc3Nlc1VOU1VSTKIXGVhOU09iamVjdAgRGiQpMjdJTFFTWF5lbXmAgoSGqK24wcfKAAAAAAAAAQEAAAAAAAAA\
        GgAAAAAAAAAAAAAAAAAAANM=
        """
    /// `$objects: [$null, {NS.base: 3, NS.relative: 2, $class: 5}, "~/Documents/a%20b.txt",
    /// {NS.base: 0, NS.relative: 4, $class: 5}, "file:///", {$classname: NSURL, …}]`
    static let archivedTildeFileURL = """
        YnBsaXN0MDDUAQIDBAUGBwpYJHZlcnNpb25ZJGFyY2hpdmVyVCR0b3BYJG9iamVjdHMSAAGGoF8QD05TS2V5ZWRBcmNoaXZlctEICVRyb290gAGm\
        CwwTFBgZVSRudWxs0w0ODxAREldOUy5iYXNlW05TLnJlbGF0aXZlViRjbGFzc4ADgAKABV8QFX4vRG9jdW1lbnRzL2ElMjBiLnR4dNMNDg8VFheA\
        AIAEgAVYZmlsZTovLy/SGhscHVokY2xhc3NuYW1lWCRjbGFzc2VzVU5TVVJMohweWE5TT2JqZWN0CBEaJCkyN0lMUVNaYGdve4KEhoigp6mrrba7\
        xs/V2AAAAAAAAAEBAAAAAAAAAB8AAAAAAAAAAAAAAAAAAADh
        """
    /// `$objects: [$null, {NS.base: 0, NS.relative: 2, $class: 3}, "~/Documents/a%20b.txt", {$classname: NSURL, …}]`
    static let archivedTildeBareURL = """
        YnBsaXN0MDDUAQIDBAUGBwpYJHZlcnNpb25ZJGFyY2hpdmVyVCR0b3BYJG9iamVjdHMSAAGGoF8QD05TS2V5ZWRBcmNoaXZlctEICVRyb290gAGk\
        CwwTFFUkbnVsbNMNDg8QERJXTlMuYmFzZVtOUy5yZWxhdGl2ZVYkY2xhc3OAAIACgANfEBV+L0RvY3VtZW50cy9hJTIwYi50eHTSFRYXGFokY2xh\
        c3NuYW1lWCRjbGFzc2VzVU5TVVJMohcZWE5TT2JqZWN0CBEaJCkyN0lMUVNYXmVteYCChIaeo663vcAAAAAAAAABAQAAAAAAAAAaAAAAAAAAAAAA\
        AAAAAAAAyQ==
        """

    /// Text that says no URL by the package's rule reads as nothing: the key's default, reported (an
    /// administrator's `"ServerURL": "not a url"` too, or a launch argument); every real URL form still reads.
    @Test func textThatSaysNoURLReadsTheDefault() {
        let store = DefaultsStore.inMemory()
        let server = DefaultsKey<URL>("server", default: URL(string: "https://default.example")!)
        for text in ["not a url", "api.example.com", "api.example.com:443"] {
            store.suite.store(text, name: "server")
            #expect(store[server] == server.defaultValue, "\(text)")
            #expect(store.failures(for: server).last?.kind == .unreadable)
        }
        for (text, url) in [("https://swift.org/a", "https://swift.org/a"), ("myapp://settings", "myapp://settings"),
                            ("mailto:a@b.c", "mailto:a@b.c"), ("\"https://swift.org\"", "https://swift.org")] {
            store.suite.store(text, name: "server")
            #expect(store[server].absoluteString == url, "\(text)")
        }
        store.suite.store("/tmp/a", name: "server")
        #expect(store[server] == URL(fileURLWithPath: "/tmp/a"))
    }
}
