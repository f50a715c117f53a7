/// How a Settings bundle's keys are split into screens. The Settings app stores the values of a screen in the one
/// domain its file names: the app group of its `ApplicationGroupContainerIdentifier`, or without one the app's own
/// (standard) domain. So Root.plist shows the keys of one suite, and each other suite's keys get a screen of their
/// own: a file per suite, opened by a child pane row of Root.plist.
package struct SettingsBundleLayout: Sendable, Equatable {
    /// A screen other than Root.plist: the keys of one suite.
    package struct Pane: Sendable, Equatable {
        /// The suite its keys live in (`nil`: the standard suite).
        package var suite: String?
        /// The file's name without `.plist`, as the child pane's `File` names it.
        package var fileName: String
        /// The settings group Root.plist opens the pane at, under that group's title: the first group all of whose
        /// keys live in the suite (it moves to the pane whole), else the first group holding one of them.
        package var anchorGroup: Int

        /// The row's title when the anchor group has none: the suite's name, which users should not have to read.
        package var untitledRowTitle: String { suite ?? "Settings" }
    }

    /// The suite Root.plist edits (`nil`: the standard suite).
    package var rootSuite: String?
    /// The other suites' screens, in the order their keys first appear.
    package var panes: [Pane]

    /// The layout of groups whose keys live in `groupSuites[i]` (each key's suite, `nil` for the standard one),
    /// under a schema whose own suite is `schemaSuite`.
    package init(schemaSuite: String?, groupSuites: [[String?]]) {
        rootSuite = Self.rootSuite(schemaSuite: schemaSuite)
        panes = []
        var takenNames: Set<String> = ["root"]
        for (index, suites) in groupSuites.enumerated() {
            for suite in suites where suite != rootSuite && !panes.contains(where: { $0.suite == suite }) {
                let fileName = Self.fileName(for: suite, avoiding: takenNames)
                takenNames.insert(fileName.lowercased())
                let whole = groupSuites.indices.first { !groupSuites[$0].isEmpty && groupSuites[$0].allSatisfy { $0 == suite } }
                panes.append(Pane(suite: suite, fileName: fileName, anchorGroup: whole ?? index))
            }
        }
    }

    /// The suite Root.plist edits: the schema's suite when it is an app group the Settings app knows (`group.…`),
    /// else the standard suite (the schema's keys then live where the Settings app cannot edit them, an error).
    package static func rootSuite(schemaSuite: String?) -> String? {
        schemaSuite.flatMap { AppGroupName.form(of: $0) == .groupPrefixed ? $0 : nil }
    }

    /// The pane holding the keys of `suite`, if they are not on Root.plist.
    package func pane(for suite: String?) -> Pane? {
        panes.first { $0.suite == suite }
    }

    /// A file name for `suite`'s screen: its name with `_` for each character but ASCII letters, digits, `-` and
    /// `_` (so `File` holds no dot the Settings app could take for an extension), and `_2`, `_3` … after a name
    /// already taken (compared without case: the file systems of Apple platforms ignore it).
    static func fileName(for suite: String?, avoiding taken: Set<String>) -> String {
        let base = String((suite ?? "Standard").unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
                ? Character(scalar) : "_"
        })
        var name = base
        var number = 1
        while taken.contains(name.lowercased()) {
            number += 1
            name = "\(base)_\(number)"
        }
        return name
    }
}
