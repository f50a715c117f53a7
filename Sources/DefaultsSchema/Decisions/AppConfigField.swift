import Foundation

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
    /// The default as the format's texts (one per element of an array, an enum's stored values), empty for none.
    package var defaults: [String] = []
    /// The bounds the console can check, as the format's texts: a bound a 32-bit integer cannot hold is left to the
    /// app's own range (`nil`).
    package var minimumText: String?
    package var maximumText: String?

    /// Why a key is left out, in words for its warning.
    package struct LeftOut: Error, Equatable {
        package var text: String
    }

    /// The field of `key`, its default and bounds as the format's texts, or why the format cannot describe it (a
    /// type it has not, or a default a 32-bit integer cannot hold): the spec and the reference ask this alike.
    package static func forKey(_ key: KeyDeclaration, enums: [String: EnumDeclaration]) -> Result<AppConfigField, LeftOut> {
        guard case .success(var field) = fieldForType(of: key, enums: enums) else { return fieldForType(of: key, enums: enums) }
        let doesNotFit = LeftOut(text: Messages.AppConfig.defaultDoesNotFitInt32())
        switch key.defaultValue {
        case nil, .null?, .swiftExpression?:
            break
        case .enumCase(let identifier)?:
            if let match = field.allowed.first(where: { $0.identifier == identifier }) { field.defaults = [match.storedValue] }
        case .array(let values)?:
            var texts: [String] = []
            for value in values {
                if case .enumCase(let identifier) = value {
                    if let match = field.allowed.first(where: { $0.identifier == identifier }) { texts.append(match.storedValue) }
                    continue
                }
                guard let text = scalarText(value, integer: field.isInteger) else { return .failure(doesNotFit) }
                texts.append(text)
            }
            field.defaults = texts
        case let value?:
            guard field.allowed.isEmpty else { break }
            guard let text = scalarText(value, integer: field.isInteger) else { return .failure(doesNotFit) }
            field.defaults = [text]
        }
        if let bounds = field.bounds {
            field.minimumText = bounds.minimum.flatMap { scalarText($0, integer: field.isInteger) }
            field.maximumText = bounds.maximum.flatMap { scalarText($0, integer: field.isInteger) }
        }
        return .success(field)
    }

    /// A scalar default or bound as the XSD's text (`xs:int`, `xs:float`, `xs:boolean`, `xs:dateTime`, a string);
    /// `nil` for an integer outside 32 bits.
    private static func scalarText(_ value: DefaultValue, integer: Bool) -> String? {
        switch value {
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let text):
            guard integer else { return text }
            return Int32(text) == nil ? nil : text
        case .double(let number): return number.description
        case .float(let number): return number.description
        case .string(let text), .url(let text): return text
        case .date(let seconds): return iso8601Text(seconds)
        default: return nil
        }
    }

    /// A date as `xs:dateTime` in UTC, with milliseconds when it has them.
    private static func iso8601Text(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        if seconds.rounded() != seconds { formatter.formatOptions.insert(.withFractionalSeconds) }
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// The field of `key`'s type.
    private static func fieldForType(of key: KeyDeclaration, enums: [String: EnumDeclaration]) -> Result<AppConfigField, LeftOut> {
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
