/// Whether a suite's name names an app group, in the two forms Apple's App Groups entitlement documents:
/// `group.<name>` on every Apple platform, and `<team identifier>.<name>` in macOS only (a team identifier is
/// 10 uppercase letters and digits). The one answer to "is this suite an app group?" in the generator.
package enum AppGroupName {
    /// How an app group's name is formed, which says where it exists.
    package enum Form: Sendable, Equatable {
        /// `group.<name>`: an app group on every Apple platform (the only form iOS, tvOS and watchOS know).
        case groupPrefixed
        /// `<team identifier>.<name>`, such as `ABCDE12345.shared`: an app group in macOS only.
        case teamPrefixed
    }

    /// How `suite` is formed as an app group, or `nil` when it names no app group.
    package static func form(of suite: String) -> Form? {
        let parts = suite.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[1].isEmpty else { return nil }
        if parts[0] == "group" { return .groupPrefixed }
        return isTeamIdentifier(parts[0]) ? .teamPrefixed : nil
    }

    /// Whether `suite` names an app group on some Apple platform.
    package static func isAppGroup(_ suite: String) -> Bool {
        form(of: suite) != nil
    }

    /// Ten ASCII uppercase letters and digits, as Apple's team identifiers are written.
    private static func isTeamIdentifier(_ text: Substring) -> Bool {
        text.utf8.count == 10 && text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}
