import Foundation

/// How file URLs are stored, so that they survive the app's container moving.
///
/// On iOS every file of an app is under its home directory, whose absolute path names the container
/// (`…/Containers/Data/Application/<UUID>`) and changes when the app is updated or restored (TN2406). Apple's
/// `UserDefaults.set(_: URL, forKey:)` therefore "replaces the home directory portion of the path with a tilde (~)"
/// (in an archive), and `url(forKey:)` expands a tilde again, in an archive or in a plain path string: the value
/// follows the container. The store writes a file URL as that `~` path, as a string (which `url(forKey:)` and
/// `defaults read` both read; a folder keeps its trailing slash; a file URL no path says, with a query or a
/// fragment, is archived by ``StoredURL``); on Linux, where `set(_: URL, forKey:)` stores the plain path and homes do not move,
/// it stores the plain path. It reads every form: `~` paths, plain paths, `file://` strings (what
/// versions before 1.0 wrote, absolute, container included) and archived URLs; an absolute path inside an app
/// container that is not the current one is moved into the current one.
enum StoredFileURL {
    #if canImport(ObjectiveC)
    static let abbreviatesHome = true
    #else
    static let abbreviatesHome = false
    #endif

    static var home: String {
        homeOverride ?? NSHomeDirectory()
    }

    /// For tests: stand in for a container that moved, in one task (`nil`: the real home).
    @TaskLocal static var homeOverride: String?

    /// The path that stores `url`, or `nil` when `url` is not a file URL or a path cannot say it (a query, a
    /// fragment, a host): ``StoredURL`` archives those.
    static func storedPath(of url: URL, home: String = home, abbreviatesHome: Bool = abbreviatesHome) -> String? {
        guard url.isFileURL else { return nil }
        let standardized = url.standardizedFileURL
        let plain = URL(fileURLWithPath: standardized.path, isDirectory: standardized.hasDirectoryPath)
        guard plain.absoluteString == standardized.absoluteString else { return nil }
        return storedForm(of: url, home: home, abbreviatesHome: abbreviatesHome)
    }

    /// The stored form of the file URL `url`: its path, `~` for the home directory where ``abbreviatesHome``, and a
    /// folder's trailing slash (without it, `url(forKey:)` asks the disk whether the path is a folder).
    static func storedForm(of url: URL, home: String = home, abbreviatesHome: Bool = abbreviatesHome) -> String {
        let standardized = url.standardizedFileURL
        var path = standardized.path
        if standardized.hasDirectoryPath, !path.hasSuffix("/") { path += "/" }
        guard abbreviatesHome else { return path }
        let home = trimmed(home)
        if path == home || path == home + "/" { return "~" }
        if path.hasPrefix(home + "/") { return "~" + path.dropFirst(home.count) }
        return path
    }

    /// A file URL for a stored path: `~` expanded into `home`, and a path inside another app container moved into
    /// the current one.
    static func fileURL(fromPath path: String, home: String = home) -> URL {
        let home = trimmed(home)
        if path == "~" { return URL(fileURLWithPath: home, isDirectory: true) }
        if path.hasPrefix("~/") { return URL(fileURLWithPath: home + path.dropFirst(1)) }
        return URL(fileURLWithPath: relocated(path, home: home))
    }

    /// A URL read from an archive or a `file://` string.
    static func resolved(_ url: URL, home: String = home) -> URL {
        if url.isFileURL {
            // An archived `~/…` made with `fileURLWithPath:` is relative to the current directory: its `path` no
            // longer starts with `~`, its `relativePath` does.
            let path = url.relativePath.hasPrefix("~") ? url.relativePath : url.path
            return path.hasPrefix("~") ? fileURL(fromPath: path, home: home) : URL(fileURLWithPath: relocated(path, home: home))
        }
        // An archived `~/…` may come back as a relative URL without a scheme.
        if url.scheme == nil, url.relativeString.hasPrefix("~") {
            return fileURL(fromPath: url.relativeString.removingPercentEncoding ?? url.relativeString, home: home)
        }
        return url
    }

    /// A URL read from an archive: as ``resolved(_:home:)``, and a `~` path archived relative to a base. Apple
    /// platforms keep the base apart (``resolved(_:home:)`` reads the relative path); swift-corelibs-foundation
    /// joins them on unarchiving (`file:///~/Documents/a.txt` for `~/Documents/a.txt` relative to `file:///`), so
    /// there a `~` component stands for the home directory.
    static func resolvedArchive(_ url: URL, home: String = home) -> URL {
        if url.isFileURL, url.relativePath.first != "~" {
            let path = url.path
            if let tilde = path.range(of: "/~/") { return fileURL(fromPath: String(path[path.index(after: tilde.lowerBound)...]), home: home) }
            if path.hasSuffix("/~") { return fileURL(fromPath: "~", home: home) }
        }
        return resolved(url, home: home)
    }

    /// `path` moved into the current container when it lies in another one of the same kind; as it is otherwise.
    static func relocated(_ path: String, home: String) -> String {
        let marker = "/Containers/Data/Application/"
        guard let homeRange = home.range(of: marker), let pathRange = path.range(of: marker) else { return path }
        // The container's own folder: the component after the marker (a UUID).
        let homeContainer = home[..<(home[homeRange.upperBound...].firstIndex(of: "/") ?? home.endIndex)]
        guard let slash = path[pathRange.upperBound...].firstIndex(of: "/") else { return path }
        let container = path[..<slash]
        guard container != homeContainer, path[pathRange.upperBound..<slash].count == 36 else { return path }
        return String(homeContainer) + path[slash...]
    }

    private static func trimmed(_ home: String) -> String {
        home.count > 1 && home.hasSuffix("/") ? String(home.dropLast()) : home
    }
}
