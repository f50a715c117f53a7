import Foundation

/// What `DefaultsEditor` shows and does, in plain Swift so that it is tested on Linux. Every read goes through the
/// store, so a view that calls these methods in its body follows every writer's changes.
struct DefaultsEditorModel: Sendable {
    let keys: [DefaultsKeys]
    let store: DefaultsStore

    /// The rows whose title, stored name or type contains `query` (case and diacritics ignored); all for an empty one.
    func rows(matching query: String = "") -> [DefaultsEditorRow] {
        let query = query.trimmingCharacters(in: .whitespaces)
        return keys.enumerated().compactMap { index, key in
            guard query.isEmpty || Self.matches(key, query) else { return nil }
            return row(for: key, index: index)
        }
    }

    private static func matches(_ key: DefaultsKeys, _ query: String) -> Bool {
        [key.label.title, key.name, "\(key.valueType)"].contains { $0.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    }

    private func row(for key: DefaultsKeys, index: Int) -> DefaultsEditorRow {
        let home = store.store(for: key)
        let boxed = home.debugValue(for: key)
        let control = EditorControl.forValues(of: key.valueType)
        let valueText: String
        switch control {
        case .propertyList: valueText = propertyListText(home.storedObject(for: key) ?? key.defaultObject)
        default: valueText = Self.text(of: boxed)
        }
        return DefaultsEditorRow(
            index: index, title: key.label.title, name: key.name, typeName: "\(key.valueType)", suiteName: key.suiteName,
            syncsWithICloud: key.syncsWithICloud, isForced: key.isManaged && key.isForced(in: home), isStored: home.has(key),
            valueText: valueText, control: control,
            isOptional: key.valueType is any EditorOptional.Type, boolValue: boxed as? Bool, dateValue: boxed as? Date,
            choiceIndex: Self.choiceIndex(of: home.storedObject(for: key) ?? key.defaultObject, in: control))
    }

    static func text(of value: Any?) -> String {
        switch value {
        case nil: return "nil"
        case let date as Date: return date.formatted(.iso8601)
        case let url as URL: return url.isFileURL ? url.path : url.absoluteString
        case let uuid as UUID: return uuid.uuidString
        case let value?: return String(describing: value)
        }
    }

    private static func choiceIndex(of object: Any?, in control: EditorControl) -> Int? {
        guard case .choice(let choices) = control, let object else { return nil }
        return choices.firstIndex { storedObjectsEqual($0.object, object) }
    }

    // MARK: Editing

    /// Reads `text` with the store's reading rules (`"0.3"` for a Double, a case's raw value for an enum); an empty
    /// text clears an optional key. Returns `false`, storing nothing, for a text that does not read, a URL field's
    /// text that is not a URL, or a value outside the key's range.
    @discardableResult
    func setText(_ text: String, for row: DefaultsEditorRow) -> Bool {
        let key = keys[row.index]
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty, row.isOptional {
            store.store(for: key).remove(key)
            return true
        }
        if case .text(.url) = row.control {
            guard let url = Self.url(from: trimmed) else { return false }
            return store.setValue(fromObject: url.isFileURL ? url.path : url.absoluteString, for: key)
        }
        if case .text(.string) = row.control { return store.setValue(fromObject: text, for: key) }
        return store.setValue(fromObject: trimmed, for: key)
    }

    /// By the rule every read of text as a URL follows: `nil` for `not a url`, `api.example.com` and the like.
    static func url(from text: String) -> URL? {
        StoredURL.url(fromText: text)
    }

    func setBool(_ value: Bool, for row: DefaultsEditorRow) {
        store.setValue(fromObject: value, for: keys[row.index])
    }

    func setDate(_ date: Date, for row: DefaultsEditorRow) {
        store.setValue(fromObject: date, for: keys[row.index])
    }

    func setChoice(_ index: Int, for row: DefaultsEditorRow) {
        guard case .choice(let choices) = row.control, choices.indices.contains(index) else { return }
        store.setValue(fromObject: choices[index].object, for: keys[row.index])
    }

    func reset(_ row: DefaultsEditorRow) {
        guard row.canReset else { return }
        let key = keys[row.index]
        store.store(for: key).remove(key)
    }

    func resetAll() {
        store.remove(keys)
    }
}

/// One key as `DefaultsEditor` shows it.
struct DefaultsEditorRow: Identifiable, Equatable, Sendable {
    /// The key's place in the list, the id: keys of two suites may share a stored name.
    let index: Int
    var id: Int { index }
    let title: String
    let name: String
    let typeName: String
    /// `nil`: the standard suite.
    let suiteName: String?
    let syncsWithICloud: Bool
    /// Whether an administrator sets the value now (a managed key).
    let isForced: Bool
    /// Not while an administrator sets the value, which a reset would not change.
    var canReset: Bool { !isForced }
    /// `false`: the key reads its default.
    let isStored: Bool
    /// As text; the stored property list for ``EditorControl/propertyList``.
    let valueText: String
    let control: EditorControl
    let isOptional: Bool
    /// `nil` for an optional key holding none.
    let boolValue: Bool?
    let dateValue: Date?
    let choiceIndex: Int?

    var isDefault: Bool { !isStored }
}
