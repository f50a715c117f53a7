/// How the AppConfig specfile describes a managed key (``KeyEditing`` as the community format's types take it), or
/// why it leaves the key out.
package struct AppConfigField: Sendable, Equatable {
    /// The XSD element (`boolean`, `integer`, `float`, `string`, `date` and the arrays `integerArray`…).
    package var element: String
    /// The console's control (`checkbox`, `input`, `datetime`, `select`, `list`, `multiselect`).
    package var field: String
    /// Whether values are the format's 32-bit integers (`xs:int`), which bounds and defaults must fit.
    package var isInteger: Bool
    /// An enum's cases: the only values allowed, each with its title.
    package var allowed: [EnumChoices.Choice] = []
    /// The number key's bounds, `nil` for other keys.
    package var bounds: NumberEditing?

    /// Why a key is left out, in words for its warning.
    package struct LeftOut: Error, Equatable {
        package var text: String
    }

    /// The field of `key`, or why the format cannot describe it.
    package static func forKey(_ key: KeyDeclaration, enums: [String: EnumDeclaration]) -> Result<AppConfigField, LeftOut> {
        let editing = KeyEditing(key, enums: enums)
        if case .list(let each) = editing {
            switch each {
            case .text, .url: return .success(AppConfigField(element: "stringArray", field: "list", isInteger: false))
            case .number(let number):
                return .success(AppConfigField(element: number.isInteger ? "integerArray" : "floatArray", field: "list", isInteger: number.isInteger))
            case .choice(let cases):
                guard let isIntBacked = cases.isIntBacked else { break }
                return .success(AppConfigField(element: isIntBacked ? "integerArray" : "stringArray", field: "multiselect",
                                               isInteger: isIntBacked, allowed: cases.choices))
            default: break
            }
            return .failure(leftOut(key.type.unwrappingOptional))
        }
        switch editing {
        case .toggle: return .success(AppConfigField(element: "boolean", field: "checkbox", isInteger: false))
        case .text, .url: return .success(AppConfigField(element: "string", field: "input", isInteger: false))
        case .date: return .success(AppConfigField(element: "date", field: "datetime", isInteger: false))
        case .number(let number):
            return .success(AppConfigField(element: number.isInteger ? "integer" : "float", field: "input", isInteger: number.isInteger, bounds: number))
        case .choice(let cases):
            guard let isIntBacked = cases.isIntBacked else { return .failure(LeftOut(text: "its enum is not declared here")) }
            return .success(AppConfigField(element: isIntBacked ? "integer" : "string", field: "select", isInteger: isIntBacked, allowed: cases.choices))
        case .color, .list, .unedited:
            return .failure(leftOut(key.type.unwrappingOptional))
        }
    }

    private static func leftOut(_ type: SchemaType) -> LeftOut {
        switch type {
        case .builtin(let builtin): return LeftOut(text: "AppConfig has no type for \(builtin.rawValue)")
        case .array(.builtin(let builtin)): return LeftOut(text: "AppConfig has no array of \(builtin.rawValue)")
        case .array(let element): return LeftOut(text: "AppConfig has no array of \(element)")
        default: return LeftOut(text: "AppConfig has no type for \(type)")
        }
    }
}
