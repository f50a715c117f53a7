import DefaultsFormats

extension SchemaValidator {
    /// Why the Settings app cannot edit `key` (shown as `name`) in the suite the app reads it from, or `nil` when
    /// it can. A Settings bundle's screen stores its values in the app's own (standard) domain, or in the app group
    /// its file names (`ApplicationGroupContainerIdentifier`, an app group identifier); iOS knows app groups named
    /// `group.…` only. A suite named at run time, any other named suite, or a macOS team-named group is unreachable.
    static func settingsAppSuiteProblem(of key: KeyDeclaration, shownAs name: String) -> String? {
        if let expression = key.swiftSuite {
            return Messages.SettingsScreens.settingsAppKeyInRunTimeSuite(name, expression: expression)
        }
        guard let suite = key.suite else { return nil }
        switch AppGroupName.form(of: suite) {
        case .groupPrefixed:
            return nil
        case .teamPrefixed:
            return Messages.SettingsScreens.settingsAppKeyInMacOSAppGroup(name, suite: suite)
        case nil:
            return Messages.SettingsScreens.settingsAppKeyInUneditableSuite(name, suite: suite)
        }
    }

    /// Warns of a group without a title whose keys open a screen of their own (``SettingsBundleLayout``): the row
    /// that opens it is named after the group, and would show the suite's name instead.
    func warnOfUntitledPanes(_ groups: [(group: SettingsBundleDeclaration.Group, location: SchemaLocation)], keys: [String: KeyDeclaration],
                             schemaSuite: String?, diagnostics: inout Diagnostics) {
        let layout = SettingsBundleLayout(schemaSuite: schemaSuite, groupSuites: groups.map { $0.group.keys.compactMap { keys[$0]?.suite } })
        for pane in layout.panes where groups[pane.anchorGroup].group.title == nil {
            let message = Messages.SettingsScreens.untitledGroupOnItsOwnScreen(
                suite: pane.suite, rootSuite: layout.rootSuite, rowTitle: pane.untitledRowTitle)
            diagnostics.warning(groups[pane.anchorGroup].location, message)
        }
    }
}
