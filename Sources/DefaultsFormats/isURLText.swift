/// Whether `text` says a URL, by the package's one rule for text read as a `URL` (stored strings, launch arguments,
/// administrators' values, migrations, the debug editor, and `URL` defaults in a schema):
/// - an absolute URL with a host (`https://example.com/a`, `myapp://settings`);
/// - an absolute URL of a scheme that has no host (`file`, `mailto`, `tel`, `sms`, `data`, `about`);
/// - an absolute file path, or one from the home folder (`/tmp/a`, `~`, `~/Documents`).
///
/// Anything else says no URL, though `URL(string:)` makes one of it: `not a url` (a relative reference),
/// `api.example.com` (no scheme), `api.example.com:443` (whose scheme would be the host). In this tiny target that
/// the generator and the runtime share, so that the two can never disagree; it checks the text's shape only (RFC
/// 3986's scheme and authority), and a reader still parses it with Foundation.
package func isURLText(_ text: String) -> Bool {
    if text.hasPrefix("/") || text == "~" || text.hasPrefix("~/") { return true }
    guard let colon = text.firstIndex(of: ":") else { return false }
    let scheme = text[..<colon]
    guard let first = scheme.unicodeScalars.first, isASCIILetter(first),
          scheme.unicodeScalars.allSatisfy({ isASCIILetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }) else {
        return false
    }
    if hostlessSchemes.contains(scheme.lowercased()) { return true }
    let rest = text[text.index(after: colon)...]
    guard rest.hasPrefix("//") else { return false }
    // The authority runs to the first `/`, `?` or `#`; its host follows any `user@` and precedes any `:port`.
    let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
    let host = hostAndPort.hasPrefix("[") ? hostAndPort.prefix { $0 != "]" } : hostAndPort.prefix { $0 != ":" }
    return !host.isEmpty
}

/// Schemes whose URLs have no host.
private let hostlessSchemes: Set<String> = ["file", "mailto", "tel", "sms", "data", "about"]

private func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
}
