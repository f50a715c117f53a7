import Foundation

/// A person's settings, as a file carries them to another device, a dotfiles folder or a backup: made by
/// ``DefaultsStore/exportSettings(_:families:including:schemaRelease:)``, written by ``data(as:)``, read back by
/// ``init(data:)`` and applied by ``DefaultsStore/importSettings(_:keys:families:replacing:)``.
///
/// Both encodings are lossless for every stored value: a JSON file (readable, in a stable order, with tagged forms
/// where JSON cannot tell kinds apart) and an XML property list. See docs/Guide.md, "Settings people can carry".
public struct DefaultsExport: Sendable, Equatable {
    /// The format this version of the library writes; a file of a later format is refused, not guessed at.
    public static let currentFormatVersion = 1
    /// The largest file ``init(data:)`` reads, checked before reading: settings are small, a larger file is no
    /// settings file.
    public static let maximumFileSize = 8 * 1024 * 1024

    /// The file's format version (``currentFormatVersion`` for a file this library writes).
    public let formatVersion: Int
    /// The bundle identifier of the app that exported the file, where it has one.
    public let app: String?
    /// The app's version (`CFBundleShortVersionString`), where its bundle has one.
    public let appVersion: String?
    /// The newest release recorded for the app's schema when it exported (its key list's `latestRelease`), if any:
    /// an import by a later release migrates what that release stored.
    public let schemaRelease: String?
    /// When the file was made.
    public let date: Date
    /// The settings, by suite (the standard one first) and stored name.
    public let settings: [Setting]

    /// One stored value: its stored name, the suite it came from (information only: an import puts a value where
    /// its key lives now), and the value.
    public struct Setting: Sendable, Equatable {
        /// The name the value was stored under (a former name, for a value an older release stored).
        public let name: String
        /// The suite the value came from; `nil` for the standard one.
        public let suite: String?
        let value: PortableValue

        init(name: String, suite: String?, value: PortableValue) {
            self.name = name
            self.suite = suite
            self.value = value
        }

        /// The value as Foundation's property-list object (`String`, `Bool`, `Int64`, `UInt64`, `Double`, `Date`,
        /// `Data`, `[Any]`, `[String: Any]`).
        public var propertyListObject: Any { value.propertyListObject }
    }

    /// How ``data(as:)`` writes the file.
    public enum Encoding: Sendable, Hashable {
        /// JSON, for people and tools: UTF-8, two-space indents, members in a stable order.
        case json
        /// An XML property list, for `plutil` and the Property List Editor.
        case propertyList
    }

    init(formatVersion: Int = currentFormatVersion, app: String?, appVersion: String?, schemaRelease: String?, date: Date,
         settings: [Setting]) {
        self.formatVersion = formatVersion
        self.app = app
        self.appVersion = appVersion
        self.schemaRelease = schemaRelease
        self.date = date
        self.settings = settings.sorted { ($0.suite ?? "", $0.name) < ($1.suite ?? "", $1.name) }
    }

    /// The file's bytes.
    public func data(as encoding: Encoding = .json) -> Data {
        switch encoding {
        case .json: ExportJSON.write(self)
        case .propertyList: ExportPropertyList.write(self)
        }
    }

    /// Reads a settings file in either encoding (told apart by its first bytes), checking all of it: nothing in it
    /// is trusted, and a file that is not wholly readable is refused with one error.
    ///
    /// - Throws: ``DefaultsImportError`` for a file over ``maximumFileSize``, text that is not UTF-8, malformed JSON
    ///   or property list, a wrong root, a duplicate member or setting, nesting too deep, or a format from the future.
    public init(data: Data) throws {
        guard data.count <= Self.maximumFileSize else {
            throw DefaultsImportError(message: "the file is \(data.count) bytes, more than a settings file's \(Self.maximumFileSize); choose a settings file exported by the app")
        }
        let bytes = [UInt8](data)
        self = try ExportPropertyList.looksLikePropertyList(bytes) ? ExportPropertyList.read(bytes) : ExportJSON.read(bytes)
    }

    /// Reads the settings file at `url` as ``init(data:)`` does, reading no more than ``maximumFileSize`` bytes of it
    /// (a larger file is refused). A URL that `.fileImporter` or a document picker gives is security-scoped: its
    /// access is started for the read and stopped after, as Apple's documentation of
    /// `startAccessingSecurityScopedResource()` asks.
    ///
    /// - Throws: ``DefaultsImportError``, also for a file that cannot be read.
    public init(contentsOf url: URL) throws {
        #if canImport(Darwin)
        let scoped = url.startAccessingSecurityScopedResource()
        defer { if scoped { url.stopAccessingSecurityScopedResource() } }
        #endif
        // Read no further than one byte past the limit, so a huge file costs no more than a settings file.
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: Self.maximumFileSize + 1) ?? Data()
        } catch {
            throw DefaultsImportError(message: "the file cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= Self.maximumFileSize else {
            throw DefaultsImportError(message: "the file is more than a settings file's \(Self.maximumFileSize) bytes; choose a settings file exported by the app")
        }
        try self.init(data: data)
    }
}

/// Why a settings file was refused: the first problem found, where the file tells (a JSON file's line and column).
/// Nothing was written.
public struct DefaultsImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line of the problem in a JSON file; `nil` when the file does not tell.
    public let line: Int?
    /// The 1-based column (in UTF-8 bytes) of the problem in a JSON file; `nil` when the file does not tell.
    public let column: Int?
    /// What is wrong, and what to do.
    public let message: String

    init(line: Int? = nil, column: Int? = nil, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:column: error: message`, or `error: message` without a location; prefix it with the file's path.
    public var description: String {
        if let line, let column { return "\(line):\(column): error: \(message)" }
        return "error: \(message)"
    }
}
