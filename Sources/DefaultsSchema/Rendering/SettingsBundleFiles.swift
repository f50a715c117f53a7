/// The files of a generated `Settings.bundle`, in the order written: `Root.plist`, a property list for each other
/// suite's screen, and `en.lproj/Root.strings`.
package struct SettingsBundleFiles: Sendable, Equatable {
    /// One file of the bundle.
    package struct File: Sendable, Equatable {
        /// Its path inside the bundle, such as `Root.plist` or `en.lproj/Root.strings`.
        package var path: String
        /// Its content.
        package var text: String
    }

    /// Every file, in the order written.
    package var files: [File]

    /// The text of the file at `path` inside the bundle.
    package subscript(path: String) -> String? {
        files.first { $0.path == path }?.text
    }

    /// `Root.plist`: the screen the Settings app shows first.
    package var rootPlist: String { self["Root.plist"] ?? "" }

    /// `en.lproj/Root.strings`: every title of every screen, to localize.
    package var rootStrings: String { self["en.lproj/Root.strings"] ?? "" }
}
