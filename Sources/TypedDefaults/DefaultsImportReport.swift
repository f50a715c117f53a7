/// What ``DefaultsStore/importSettings(_:keys:families:replacing:)`` did, for a person to read, and what it replaced, so that
/// ``DefaultsStore/undoImport(_:)`` puts it back in one call.
public struct DefaultsImportReport: Sendable, CustomStringConvertible {
    /// A key (by stored name) and what happened to its value.
    public struct Note: Sendable, Hashable {
        /// The key's stored name.
        public let name: String
        /// Why, in words.
        public let reason: String
    }

    /// The stored names written, values unchanged included, in the order of the keys given.
    public let written: [String]
    /// Values written other than the file has them: a number moved to the nearest bound of its key's range, a value
    /// found under a former name or type and migrated.
    public let adjusted: [Note]
    /// Values in the file that were not written because they do not read as their key's type.
    public let refused: [Note]
    /// Values in the file that were not written on purpose: a key that does not travel (`portable: false`, a
    /// deprecated key, a `UUID`, a file URL), or one an administrator sets now.
    public let leftOut: [Note]
    /// Stored names in the file that no key given knows (a newer release's, or another app's).
    public let unknown: [String]
    /// Keys the file does not hold, reset to their defaults (an import that replaces).
    public let reset: [String]
    /// Where the file came from, when it says: the app and release that exported it.
    public let source: String?

    /// What the import replaced: each key written or reset, with its previous stored value (`nil`: was unset).
    let replaced: [(key: DefaultsKeys, previous: PortableValue?)]

    /// Whether the import wrote or reset anything.
    public var changedAnything: Bool { !replaced.isEmpty }

    init(written: [String], adjusted: [Note], refused: [Note], leftOut: [Note], unknown: [String], reset: [String],
         source: String?, replaced: [(key: DefaultsKeys, previous: PortableValue?)]) {
        self.written = written
        self.adjusted = adjusted
        self.refused = refused
        self.leftOut = leftOut
        self.unknown = unknown
        self.reset = reset
        self.source = source
        self.replaced = replaced
    }

    /// The report as lines a person reads: how many settings were imported, then each one adjusted, refused,
    /// left out, unknown or reset.
    public var description: String {
        var lines = ["\(written.count) setting\(written.count == 1 ? "" : "s") imported" + (source.map { " from \($0)" } ?? "")]
        for note in adjusted { lines.append("adjusted \(note.name): \(note.reason)") }
        for note in refused { lines.append("not imported \(note.name): \(note.reason)") }
        for note in leftOut { lines.append("left out \(note.name): \(note.reason)") }
        for name in unknown { lines.append("unknown \(name): no setting of this app; ignored") }
        for name in reset { lines.append("reset \(name): not in the file") }
        return lines.joined(separator: "\n")
    }
}

/// What a key makes of a settings file's value (``DefaultsKeys/checkedImport(_:)``).
enum ImportCheck {
    /// The object to store, and what was changed on the way (`nil`: nothing).
    case accepted(Any, note: String?)
    case refused(String)

    var isAccepted: Bool {
        if case .accepted = self { return true }
        return false
    }
}
