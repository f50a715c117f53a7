/// The `settingsView` of a schema: a SwiftUI form of the keys it can edit, in groups (each a `Section`).
package struct SettingsViewDeclaration: Sendable, Equatable {
    /// One group: a title, a footer and its rows.
    package struct Group: Sendable, Equatable {
        package var title: String?
        package var footer: String?
        package var rows: [Row]
    }

    /// One key of the form and the control that edits it.
    package struct Row: Sendable, Equatable {
        /// The key's identifier (`DefaultsKeys.<identifier>`).
        package var key: String
        package var control: SettingsControl
        /// Whether the key is optional: it can be cleared (a text field by emptying it, the others by a button).
        package var isOptional: Bool
    }

    /// The view's type name (`AppSettingsView`).
    package var name: String
    package var groups: [Group]
    /// `"exportImport": true`: a last section with "Export Settings…" and "Import Settings…".
    package var exportImport: Bool = false
}
