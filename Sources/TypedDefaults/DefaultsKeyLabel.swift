internal import DefaultsFormats
import Foundation

/// What a screen that lists keys shows for one: a title and a line of help, from the schema's `"title"` and
/// `"description"`, translated through the string catalog of the module that declares the key.
///
/// Every key has one (``DefaultsKeys/label``): a key declared without a title is titled by its name in words
/// (`showTips` → "Show Tips"). One nested value, not properties of the key: keys are static members of
/// ``DefaultsKeys``, and a key named `title` must not shadow anything a view reads.
///
/// Translation: ``title`` and ``help`` look their text up in ``bundle``'s `Localizable` table (a string catalog,
/// `Localizable.xcstrings`, compiles to it when Xcode builds it), and read the text itself when the table has no
/// entry. Generated keys name the bundle of the module whose `defaults.json` declares them: the app's bundle for an
/// app target (and for code linked into it statically), a dynamic framework's own, or a package target's resource
/// bundle when the target has resources.
public struct DefaultsKeyLabel: Sendable, Hashable {
    /// The title in the development language, as the schema (or the key's name) gives it: the string catalog's key.
    public let untranslatedTitle: String
    /// The help text in the development language (the schema's `"description"`), if any.
    public let untranslatedHelp: String?
    /// The bundle whose `Localizable` table translates the title and help.
    public let bundle: Bundle

    /// A label titled `title`, with `help` (a key's description), translated through `bundle`'s `Localizable` table.
    public init(_ title: String, help: String? = nil, bundle: Bundle = .main) {
        self.untranslatedTitle = title
        self.untranslatedHelp = help
        self.bundle = bundle
    }

    /// The label of a key declared without one: its name in words (the part after the last `.`), in the main bundle.
    init(forKeyNamed name: String) {
        self.init(readableTitle(forStoredName: name))
    }

    /// The title, translated for the app's language when the bundle's `Localizable` table has it.
    public var title: String {
        bundle.localizedString(forKey: untranslatedTitle, value: untranslatedTitle, table: nil)
    }

    /// The help text, translated like ``title``; `nil` when the key has no description.
    public var help: String? {
        untranslatedHelp.map { bundle.localizedString(forKey: $0, value: $0, table: nil) }
    }
}
