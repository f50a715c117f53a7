/// How a key's generated App Intents take and give its value (``KeyEditing`` as App Intents' parameter types take
/// it), or why they cannot.
///
/// App Intents has parameters of `Bool`, `Int`, `Double`, `String`, `Date`, `URL`, an `AppEnum`, and arrays and
/// optionals of those. A narrower or unsigned integer goes through `Int` (clamped to the key's type on the way in),
/// `Float` and `CGFloat` through `Double`, and a `UUID` is given as its text (read only: people do not type UUIDs).
package struct IntentValue: Sendable, Equatable {
    /// How a value of the key's type becomes the parameter's, and back.
    package enum Conversion: Sendable, Equatable {
        /// The key's type is a parameter type.
        case none
        /// An integer type other than `Int`, through `Int`: `Int(clamping:)` out, `T(clamping:)` in.
        case integer(BuiltinType)
        /// A real number type other than `Double`, through `Double`.
        case real(BuiltinType)
        /// `UUID`, given as `uuidString`.
        case uuidText
    }

    /// What the key holds (the element's, for an array).
    package var editing: KeyEditing
    package var conversion: Conversion
    package var isArray: Bool
    /// Whether the value can be written from an intent (a UUID cannot).
    package var isWritable: Bool
    /// The range an `Int` or `Double` parameter offers (`inclusiveRange`), from the key's bounds (an integer type's
    /// own bounds fill a missing side); `nil` when it has none.
    package var inclusiveRange: (lower: String, upper: String)? {
        guard !isArray, case .number(let number) = editing else { return nil }
        if !number.isInteger {
            guard let bounds = number.closedBounds, let low = bounds.minimum.numericValue, let high = bounds.maximum.numericValue else { return nil }
            return ("\(low)", "\(high)")
        }
        let typeBounds: (min: Int64, max: UInt64)?
        switch conversion {
        case .integer(let builtin): typeBounds = builtin.integerBounds
        default: typeBounds = nil
        }
        let low: String? = number.minimum.flatMap(Self.integerText) ?? typeBounds.map { String($0.min) }
        // `Int` holds the parameter: an unsigned type's top is `Int.max` at most.
        let high: String? = number.maximum.flatMap(Self.integerText) ?? typeBounds.map { String(min($0.max, UInt64(Int64.max))) }
        guard let low, let high else { return nil }
        return (low, high)
    }

    private static func integerText(_ value: DefaultValue) -> String? {
        if case .integer(let text) = value { return text }
        return nil
    }

    /// Why a key has no intents.
    package enum Refusal: Error, Equatable {
        /// No App Intents parameter type fits the key's type.
        case type(SchemaType)
        /// A UUID's intents only read it.
        case writeOfUUID
    }

    /// The intent value of `key`, or why it has none.
    package static func forKey(_ key: KeyDeclaration, access: IntentAccess, enums: [String: EnumDeclaration]) -> Result<IntentValue, Refusal> {
        let type = key.type.unwrappingOptional
        let isArray: Bool
        let scalar: SchemaType
        if case .array(let element) = type { isArray = true; scalar = element } else { isArray = false; scalar = type }
        if case .builtin(.uuid) = scalar {
            guard access == .read else { return .failure(.writeOfUUID) }
            return .success(IntentValue(editing: .text, conversion: .uuidText, isArray: isArray, isWritable: false))
        }
        let editing = isArray ? KeyEditing(type: scalar, minimum: nil, maximum: nil, enums: enums) : KeyEditing(key, enums: enums)
        let conversion: Conversion
        switch (editing, scalar) {
        case (.toggle, _), (.text, _), (.url, _), (.date, _): conversion = .none
        case (.choice(let choices), _):
            guard choices.isIntBacked != nil else { return .failure(.type(key.type)) }
            conversion = .none
        case (.number(let number), .builtin(let builtin)):
            if number.isInteger {
                conversion = builtin == .int ? .none : .integer(builtin)
            } else {
                conversion = builtin.isDoubleLike && builtin != .cgFloat ? .none : .real(builtin)
            }
        default: return .failure(.type(key.type))
        }
        return .success(IntentValue(editing: editing, conversion: conversion, isArray: isArray, isWritable: true))
    }
}
