/// The property-list kind a type is stored as: what another version's reader finds under the key's name.
package enum StoredKind: Sendable, Equatable {
    /// A number, or a Bool (both are `NSNumber` on Apple platforms, and the store reads one as the other).
    case number
    /// A string (also `URL`, `UUID` and `String` enums).
    case string
    /// Bytes.
    case data
    /// A date.
    case date
    /// An array (also a `Set`).
    case array
    /// A dictionary (also a record type).
    case dictionary
    /// The user's own type: any form.
    case unknown
    /// A property-list value of any shape: it reads every kind.
    case any

    /// The kind `type` is stored as; `isIntEnum` tells an `Int` enum from a `String` one.
    package init(_ type: SchemaType, isIntEnum: (String) -> Bool = { _ in false }) {
        switch type {
        case .optional(let wrapped): self.init(wrapped, isIntEnum: isIntEnum)
        case .builtin(let builtin):
            switch builtin {
            case .string, .url, .uuid, .cgPoint, .cgSize, .cgRect, .nsPoint, .nsSize, .nsRect: self = .string
            case .data: self = .data
            // `[colorSpaceName, [components]]`.
            case .color, .cgColor, .uiColor: self = .array
            case .date: self = .date
            case .propertyList: self = .any
            default: self = .number
            }
        case .array, .set: self = .array
        case .dictionary, .record: self = .dictionary
        case .enumeration(let name): self = isIntEnum(name) ? .number : .string
        case .custom: self = .unknown
        }
    }
}
