internal import DefaultsFormats
import Foundation

/// How a `URL` is stored: in the form that `UserDefaults.url(forKey:)` on the same platform reads back as the same
/// URL, so that `@AppStorage`, swift-sharing and hand-written `UserDefaults` code read what a store wrote.
///
/// `url(forKey:)` reads a string as a file **path** and data as an `NSKeyedArchiver` archive of an `NSURL`, on
/// Apple platforms (the SDK's `NSUserDefaults.h`: "If the value is an NSString path, then it will construct a file
/// URL to that path. If the value is an archived URL from -setURL:forKey: it will be unarchived") and on Linux
/// (swift-corelibs-foundation: `URL(fileURLWithPath:)` of the string, `~` expanded; `NSKeyedUnarchiver` of data).
/// A web URL stored as a string therefore comes back as a file URL (`file:///…/https:/swift.org`). So:
/// - a file URL that a path says exactly is stored as that path (``StoredFileURL``): `defaults read` shows it,
///   and on Apple platforms its `~` follows the app's container;
/// - every other URL (web URLs; file URLs with a query, a fragment or a host) as the archive that Apple's
///   `set(_: URL?, forKey:)` writes: `NSKeyedArchiver` data whose root object is the `NSURL` (the absolute URL:
///   the base of a relative one is not kept).
///
/// Reading takes every form: paths (`/…`, `~/…`), URL strings (what versions before 1.0 wrote), archives (from
/// any platform), and URL objects (`register(defaults:)`).
enum StoredURL {
    static func storedForm(of url: URL) throws -> Any {
        if let path = StoredFileURL.storedPath(of: url) { return path }
        return try NSKeyedArchiver.archivedData(withRootObject: url.absoluteURL as NSURL, requiringSecureCoding: true)
    }

    static func url(from object: Any) -> URL? {
        if let text = object as? String {
            // sindresorhus/Defaults stores a URL as the JSON string of its `absoluteString`, quotes included.
            if let unquoted = unquotedJSONString(text) { return url(from: unquoted) }
            return url(fromText: text)
        }
        if let data = object as? Data {
            guard let archived = try? NSKeyedUnarchiver.unarchivedObject(ofClass: NSURL.self, from: data) else { return nil }
            return StoredFileURL.resolvedArchive(archived as URL)
        }
        // A URL object itself: what `register(defaults:)` may hold.
        if let url = object as? URL { return StoredFileURL.resolved(url) }
        return nil
    }

    /// Every read of text as a URL goes through here: the package's one rule (`isURLText(_:)`, DefaultsFormats).
    static func url(fromText text: String) -> URL? {
        guard isURLText(text) else { return nil }
        if text.hasPrefix("/") || text.hasPrefix("~") { return StoredFileURL.fileURL(fromPath: text) }
        return URL(string: text).map { StoredFileURL.resolved($0) }
    }
}
