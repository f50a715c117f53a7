import Foundation

/// How `DefaultsEditor` edits a key, by its value type: what the row shows and does is decided here, in plain
/// Swift; the SwiftUI view only draws it.
enum EditorControl: Equatable, Sendable {
    /// `Bool`: a toggle.
    case toggle
    /// An enum (`CaseIterable`): a picker of its cases, each shown by its name.
    case choice([EditorChoice])
    /// Strings, numbers, URLs and UUIDs: a text field, read with the store's reading rules (a URL must be one).
    case text(EditorTextKind)
    /// `Date`: a date picker.
    case date
    /// Records, collections, data and the app's own types: the stored property list, shown, not edited.
    case propertyList
}

/// One case of an enum key, for ``EditorControl/choice(_:)``.
struct EditorChoice: Equatable, @unchecked Sendable {
    /// The case's name (`String(describing:)`): what developers call it in code.
    let title: String
    /// Its stored form, what ``DefaultsStore/setValue(fromObject:for:)`` takes (a property-list value: `Sendable` in
    /// practice, which `Any` cannot say).
    let object: Any

    static func == (lhs: EditorChoice, rhs: EditorChoice) -> Bool {
        lhs.title == rhs.title && storedObjectsEqual(lhs.object, rhs.object)
    }
}

/// What a text field of the editor holds.
enum EditorTextKind: Equatable, Sendable {
    case string, integer, number, url, uuid
}

/// The type an optional's value wraps, for telling `Theme?` from `Theme`.
protocol EditorOptional {
    static var editorWrappedType: Any.Type { get }
}

extension Optional: EditorOptional {
    static var editorWrappedType: Any.Type { Wrapped.self }
}

extension EditorControl {
    /// The control for values of `type` (an optional edits as its wrapped type; clearing it is a reset).
    static func forValues(of type: Any.Type) -> EditorControl {
        let base = (type as? any EditorOptional.Type)?.editorWrappedType ?? type
        switch base {
        case is Bool.Type: return .toggle
        case is String.Type: return .text(.string)
        case is Date.Type: return .date
        case is URL.Type: return .text(.url)
        case is UUID.Type: return .text(.uuid)
        case is Int.Type, is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type,
             is UInt.Type, is UInt8.Type, is UInt16.Type, is UInt32.Type, is UInt64.Type: return .text(.integer)
        case is Double.Type, is Float.Type, is CGFloat.Type: return .text(.number)
        default:
            guard let cases = base as? any (CaseIterable & DefaultsSerializable).Type else { return .propertyList }
            let choices = Self.choices(of: cases)
            return choices.isEmpty ? .propertyList : .choice(choices)
        }
    }

    private static func choices<T: CaseIterable & DefaultsSerializable>(of type: T.Type) -> [EditorChoice] {
        type.allCases.compactMap { value in
            guard let object = try? value.defaultsObject() else { return nil }
            return EditorChoice(title: String(describing: value), object: object)
        }
    }
}
