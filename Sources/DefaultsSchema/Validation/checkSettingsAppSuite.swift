extension SchemaValidator {
    /// Why the Settings app cannot edit `key` (shown as `name`) in the suite the app reads it from, or `nil` when
    /// it can. A Settings bundle's screen stores its values in the app's own (standard) domain, or in the app group
    /// its file names (`ApplicationGroupContainerIdentifier`, an app group identifier); iOS knows app groups named
    /// `group.…` only. A suite named at run time, any other named suite, or a macOS team-named group is unreachable.
    static func settingsAppSuiteProblem(of key: KeyDeclaration, shownAs name: String) -> String? {
        if let expression = key.swiftSuite {
            return "\"\(name)\" lives in the suite that \(expression) names at run time, but the Settings app reads a suite named in Root.plist; give the key a literal \"suite\" or leave it out of \"settingsBundle\""
        }
        guard let suite = key.suite else { return nil }
        switch AppGroupName.form(of: suite) {
        case .groupPrefixed:
            return nil
        case .teamPrefixed:
            return "\"\(name)\" lives in \"\(suite)\", an app group of macOS only (named after a team identifier), and the iOS Settings app edits only the app's standard suite and app groups named \"group.…\"; move the key to one of those or leave it out of \"settingsBundle\""
        case nil:
            return "\"\(name)\" lives in the suite \"\(suite)\", which the Settings app cannot edit: it stores values in the app's standard suite or in an app group named \"group.…\" (ApplicationGroupContainerIdentifier); move the key to one of those or leave it out of \"settingsBundle\""
        }
    }

    /// Warns of a group without a title whose keys open a screen of their own (``SettingsBundleLayout``): the row
    /// that opens it is named after the group, and would show the suite's name instead.
    func warnOfUntitledPanes(_ groups: [(group: SettingsBundleDeclaration.Group, location: SchemaLocation)], keys: [String: KeyDeclaration],
                             schemaSuite: String?, diagnostics: inout Diagnostics) {
        let layout = SettingsBundleLayout(schemaSuite: schemaSuite, groupSuites: groups.map { $0.group.keys.compactMap { keys[$0]?.suite } })
        for pane in layout.panes where groups[pane.anchorGroup].group.title == nil {
            let suite = pane.suite.map { "\"\($0)\"" } ?? "the standard suite"
            let root = layout.rootSuite.map { "the app group \"\($0)\"" } ?? "the app's standard suite"
            diagnostics.warning(groups[pane.anchorGroup].location, """
                this group's keys in \(suite) go on a screen of their own (a screen edits one suite, and Root.plist \
                edits \(root)), opened by a row named after the group; give the group a "title", or the row shows \
                "\(pane.untitledRowTitle)"
                """)
        }
    }
}
