import Foundation

/// Whether a stored object is a boolean, not a number that happens to be 0 or 1: what a property-list value of any
/// shape (``DefaultsPropertyList``) needs to keep the kind it was written with.
///
/// A Swift `Bool` is one. An `NSNumber` is one when it is a boolean object: on Apple platforms Foundation keeps
/// booleans as `CFBoolean` (`kCFBooleanTrue`, `kCFBooleanFalse`), a type of its own among Core Foundation's, which
/// property lists read from disk and `NSUbiquitousKeyValueStore` hand back as such; an integer 1 is a `CFNumber`.
/// On Linux, Foundation hands booleans back as Swift `Bool`s, and its `NSNumber(value: true)` is its own boolean
/// subclass, whose type code is `c`.
func isStoredBoolean(_ object: Any) -> Bool {
    if Swift.type(of: object) == Bool.self { return true }
    guard Swift.type(of: object) is NSNumber.Type, let number = object as? NSNumber else { return false }
    #if canImport(Darwin)
    return CFGetTypeID(number) == CFBooleanGetTypeID()
    #else
    return number.objCType.pointee == CChar(UInt8(ascii: "c")) && String(describing: Swift.type(of: number)) == "__NSCFBoolean"
    #endif
}
