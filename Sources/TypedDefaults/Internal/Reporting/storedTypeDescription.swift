import Foundation

/// An encoding error in words for a failure's detail, never holding a value, since failures are logged: the
/// library's own errors hold none; any other (an app type's `EncodingError.invalidValue` holds the value in its
/// text) is named by its type and case only.
func failureDetail(of error: any Error) -> String {
    if let error = error as? DefaultsError { return "\(error)" }
    if let error = error as? EncodingError {
        switch error {
        case .invalidValue(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "EncodingError.invalidValue" + (path.isEmpty ? "" : " at \(path)")
        @unknown default:
            return "EncodingError"
        }
    }
    return String(reflecting: type(of: error))
}

/// What kind of property-list object `object` is, for a failure's detail: never the value itself, which may be
/// private (failures are logged).
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
