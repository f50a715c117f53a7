import Foundation

/// What kind of property-list object `object` is, in words, for a failure's detail: never the value itself, which
/// may be private (failures are logged).
func storedTypeDescription(of object: Any) -> String {
    switch object {
    case is String: return "a string"
    case let number as NSNumber:
        #if canImport(ObjectiveC)
        if CFGetTypeID(number) == CFBooleanGetTypeID() { return "a Boolean" }
        #else
        if object is Bool { return "a Boolean" }
        #endif
        return "a number"
    case is Date: return "a date"
    case let data as Data: return "data (\(data.count) bytes)"
    case let array as [Any]: return "an array of \(array.count)"
    case let dictionary as [String: Any]: return "a dictionary of \(dictionary.count)"
    default: return "a \(type(of: object))"
    }
}
