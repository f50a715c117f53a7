import Foundation

/// How `DefaultsEditor` edits a key, decided here in plain Swift; the SwiftUI view only draws it.
enum EditorControl: Equatable, Sendable {
    case toggle
    case choice([EditorChoice])
    case text(EditorTextKind)
    case date
    /// The stored property list, shown, not edited.
    case propertyList
}

/// One case of an enum key, for ``EditorControl/choice(_:)``.
struct EditorChoice: Equatable, @unchecked Sendable {
    /// The case's name, as developers call it in code.
    let title: String
    /// Its stored form, a property-list value: `Sendable` in practice, which `Any` cannot say.
    let object: Any

    static func == (lhs: EditorChoice, rhs: EditorChoice) -> Bool {
        lhs.title == rhs.title && storedObjectsEqual(lhs.object, rhs.object)
    }
}

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
    /// An optional edits as its wrapped type; clearing it is a reset.
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
