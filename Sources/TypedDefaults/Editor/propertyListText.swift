import Foundation

/// A stored property-list value as readable text, for the editor's rows of records and collections.
func propertyListText(_ object: Any?, indent: String = "") -> String {
    let inner = indent + "  "
    switch object {
    case nil: return "nil"
    case let string as String: return "\"\(string)\""
    case let date as Date: return date.formatted(.iso8601)
    case let data as Data: return "<\(data.count) bytes>"
    #if !canImport(ObjectiveC)
    case let bool as Bool: return bool ? "true" : "false"
    #endif
    case let array as [Any]:
        guard !array.isEmpty else { return "[]" }
        return "[\n" + array.map { inner + propertyListText($0, indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
    case let dictionary as [String: Any]:
        guard !dictionary.isEmpty else { return "[:]" }
        let entries = dictionary.keys.sorted().map { "\(inner)\"\($0)\": " + propertyListText(dictionary[$0], indent: inner) }
        return "[\n" + entries.joined(separator: ",\n") + "\n\(indent)]"
    case let number as NSNumber:
        #if canImport(ObjectiveC)
        if CFGetTypeID(number) == CFBooleanGetTypeID() { return number.boolValue ? "true" : "false" }
        #endif
        return "\(number)"
    case let other?: return "\(other)"
    }
}
