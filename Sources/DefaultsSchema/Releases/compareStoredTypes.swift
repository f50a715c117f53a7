/// Whether values stored as one type still read as another.
enum Compatibility: Equatable {
    /// Every stored value reads.
    case compatible
    /// Some stored values read as the default: an error unless a typed migration maps them or the key accepts the
    /// loss (`acceptLostValuesSince`).
    case lossy(String)
    /// No stored value reads, or some users' values are lost: a build error.
    case incompatible(String)
}

/// Whether a value stored as `old` (in `oldTypes`) reads as `new` (in `newTypes`); optionals are unwrapped (the
/// caller warns of a key made optional).
func compareStoredTypes(_ old: SchemaType, _ oldTypes: TypeTable, _ new: SchemaType, _ newTypes: TypeTable) -> Compatibility {
    switch (old.unwrappingOptional, new.unwrappingOptional) {
    case (.builtin(.propertyList), .builtin(.propertyList)):
        return .compatible
    // A property-list value of any shape reads every stored form but an unsigned integer above Int64.max.
    case (let a, .builtin(.propertyList)):
        return holdsUnsigned64(a, oldTypes) ? .lossy("values above \(Int64.max) read the default") : .compatible
    case (.builtin(.propertyList), let b):
        return .lossy("stored values of another shape than \(b) read the default")
    case (.builtin(let a), .builtin(let b)):
        return compareBuiltins(a, b)
    case (.enumeration(let a), .enumeration(let b)):
        guard let oldEnum = oldTypes.enums[a], let newEnum = newTypes.enums[b] else { return .compatible }
        if oldEnum.isIntBacked != newEnum.isIntBacked {
            return .incompatible("the raw values of \(b) are \(newEnum.isIntBacked ? "integers" : "strings"), those stored are \(oldEnum.isIntBacked ? "integers" : "strings")")
        }
        let gone = oldEnum.rawValues.filter { !newEnum.rawValues.contains($0) }
        if !gone.isEmpty {
            let list = gone.map { oldEnum.isIntBacked ? $0 : "\"\($0)\"" }.joined(separator: ", ")
            return .incompatible("\(b) no longer has the case\(gone.count == 1 ? "" : "s") \(list), so users who chose \(gone.count == 1 ? "it" : "them") would read the default")
        }
        return .compatible
    case (.enumeration(let a), .builtin(let b)):
        let isInt = oldTypes.enums[a]?.isIntBacked ?? false
        if isInt, let bounds = b.integerBounds {
            // The raw values are known: those outside the integer type's range are lost.
            let outside = (oldTypes.enums[a]?.rawValues ?? []).filter { raw in
                guard let value = Int64(raw) else { return true }
                return value < bounds.min || (value > 0 && UInt64(value) > bounds.max)
            }
            return outside.isEmpty ? .compatible : .lossy("the raw value\(outside.count == 1 ? "" : "s") \(outside.joined(separator: ", ")) of \(a) \(outside.count == 1 ? "is" : "are") outside \(b.rawValue)'s range and read the default")
        }
        if isInt ? b.isDoubleLike : b == .string { return .compatible }
        return .incompatible("\(a)'s raw values are not readable as \(b.rawValue)")
    case (.builtin(let a), .enumeration(let b)):
        let isInt = newTypes.enums[b]?.isIntBacked ?? false
        if isInt ? a.integerBounds != nil : a == .string { return .lossy("stored values that are not raw values of \(b) read the default") }
        return .incompatible("a stored \(a.rawValue) is not a raw value of \(b)")
    case (.record(let a), .record(let b)):
        let oldFields = oldTypes.records[a] ?? [], newFields = newTypes.records[b] ?? []
        for field in newFields where field.isRequired && !oldFields.contains(where: { $0.name == field.name }) {
            return .incompatible("the required field \"\(field.name)\" of \(b) is in no stored value, so every stored value would read the default")
        }
        var lossy: String?
        for oldField in oldFields {
            guard let newField = newFields.first(where: { $0.name == oldField.name }) else { continue }
            switch compareStoredTypes(oldField.type, oldTypes, newField.type, newTypes) {
            case .compatible: continue
            case .lossy(let reason): lossy = lossy ?? "field \"\(oldField.name)\": \(reason)"
            case .incompatible(let reason):
                return .incompatible("its field \"\(oldField.name)\" changed from \(oldField.type) to \(newField.type): \(reason)")
            }
        }
        return lossy.map(Compatibility.lossy) ?? .compatible
    case (.array(let a), .array(let b)), (.set(let a), .set(let b)), (.array(let a), .set(let b)), (.set(let a), .array(let b)),
         (.dictionary(let a), .dictionary(let b)):
        return compareStoredTypes(a, oldTypes, b, newTypes)
    case (.custom(let a), .custom(let b)):
        return a == b ? .compatible : .incompatible("\(a) and \(b) are your own types, which the build cannot compare")
    case (let a, let b):
        return .incompatible("a stored \(describe(a)) is not readable as \(describe(b))")
    }
}

/// Whether a value of `type` may hold an unsigned 64-bit integer.
private func holdsUnsigned64(_ type: SchemaType, _ types: TypeTable) -> Bool {
    switch type.unwrappingOptional {
    case .builtin(let builtin): return builtin == .uint || builtin == .uint64
    case .array(let element), .set(let element), .dictionary(let element): return holdsUnsigned64(element, types)
    case .record(let name): return (types.records[name] ?? []).contains { holdsUnsigned64($0.type, types) }
    default: return false
    }
}

private func describe(_ type: SchemaType) -> String {
    switch type {
    case .record(let name): return "\(name) (a record)"
    case .array, .set: return "array (\(type))"
    case .dictionary: return "dictionary (\(type))"
    default: return type.description
    }
}

private func compareBuiltins(_ a: BuiltinType, _ b: BuiltinType) -> Compatibility {
    if a == b || (a.isDoubleLike && b.isDoubleLike) || (a.isFloatLike && b.isFloatLike) { return .compatible }
    // `Color`, `CGColor` and `UIColor` store one form, `[colorSpaceName, [components]]`, and read each other's.
    if a.isColor || b.isColor { return a.isColor && b.isColor ? .compatible : .incompatible("a stored \(a.swiftSpelling) is not readable as \(b.swiftSpelling)") }
    // `NSSize` is `CGSize`; a point, a size and a rectangle are stored in three different forms.
    if let kind = a.geometryKind { return kind == b.geometryKind ? .compatible : .incompatible("a stored \(a.rawValue) is not readable as \(b.rawValue)") }
    if let old = a.integerBounds {
        if let new = b.integerBounds {
            return new.min <= old.min && new.max >= old.max ? .compatible : .lossy("values outside \(b.rawValue)'s range read the default")
        }
        if b.isDoubleLike || b.isFloatLike { return .compatible }
    }
    if a.isFloatLike && b.isDoubleLike { return .compatible }
    if a.isDoubleLike && b.isFloatLike { return .lossy("values are read with Float's precision") }
    if (a.isDoubleLike || a.isFloatLike) && b.integerBounds != nil { return .lossy("only whole numbers read; others read the default") }
    if a == .uuid && b == .string { return .compatible }
    // A web URL is stored as archived data (what `UserDefaults.set(_: URL?, forKey:)` writes); only file URLs as paths.
    if a == .url && b == .string { return .lossy("web and other non-file URLs are stored as archived data, which a String key reads as nothing") }
    if a == .string && (b == .url || b == .uuid) { return .lossy("strings that are not a \(b.rawValue) read the default") }
    return .incompatible("a stored \(a.rawValue) is not readable as \(b.rawValue)")
}
