import DefaultsFormats

extension SchemaValidator {
    /// Marks the keys that sync through iCloud (their own `"iCloud"`, else the schema's) and checks them against
    /// the limits of iCloud's key-value store, which would otherwise be found only at run time: how many keys,
    /// how long a stored name, how large a default.
    func markSyncedKeys(_ keys: inout [KeyDeclaration], rawKeys: [RawKey], schemaICloud: (value: Bool, location: SchemaLocation)?,
                        diagnostics: inout Diagnostics) {
        let limits = ICloudKeyValueLimits.self
        // Most schemas sync nothing: nothing to mark or check.
        guard schemaICloud?.value == true || rawKeys.contains(where: { $0.iCloud?.value == true }) else { return }
        // Positions, not copies: a raw key is large, and most keys do not sync.
        let rawIndex = Dictionary(rawKeys.indices.map { (rawKeys[$0].identifier, $0) }, uniquingKeysWith: { first, _ in first })
        let synced = keys.indices.compactMap { index -> (Int, RawKey)? in
            guard let position = rawIndex[keys[index].identifier],
                  (rawKeys[position].iCloud ?? schemaICloud)?.value == true else { return nil }
            return (index, rawKeys[position])
        }
        for (count, (index, raw)) in synced.enumerated() {
            keys[index].iCloud = true
            let key = keys[index]
            let nameBytes = key.storedName.utf8.count
            if nameBytes > limits.nameBytes {
                let message = Messages.ICloud.storedNameTooLong(key.storedName, bytes: nameBytes,
                                                                limit: limits.nameBytes)
                diagnostics.error(raw.storedNameLocation, message)
            }
            if let value = key.defaultValue, let bytes = value.storedBytesAtLeast, bytes > limits.valueBytes {
                let message = Messages.ICloud.defaultTooLarge(key: key.identifier, bytes: bytes,
                                                              limit: limits.valueBytes)
                diagnostics.error(raw.defaultNode?.location ?? raw.typeLocation, message)
            }
            if count == limits.keyCount - limits.markerKeys {
                let location = raw.iCloud?.location ?? schemaICloud?.location ?? raw.nameLocation
                diagnostics.error(location, Messages.ICloud.tooManyKeys(synced.count, limit: limits.keyCount - limits.markerKeys))
            }
        }
    }
}

extension DefaultValue {
    /// A lower bound of the bytes the value takes stored (its text, data and numbers, without the property
    /// list's own overhead); `nil` for a Swift expression, whose value is known only at run time.
    var storedBytesAtLeast: Int? {
        switch self {
        case .bool: return 1
        case .integer, .double, .float, .date: return 8
        case .string(let text), .url(let text): return text.utf8.count
        case .data(let bytes): return bytes.count
        case .uuid: return 36
        case .geometry(_, let numbers): return 2 + 3 * numbers.count  // `{0, 0}` at least
        case .color(_, let components): return 17 + 8 * components.count  // `kCGColorSpaceSRGB` and the numbers
        case .rawRepresentable(_, let raw), .propertyList(let raw): return raw.storedBytesAtLeast
        case .enumCase(let identifier): return identifier.isEmpty ? 0 : 1
        case .null: return 0
        case .swiftExpression: return nil
        case .array(let elements):
            return elements.reduce(0) { total, element in total + (element.storedBytesAtLeast ?? 0) }
        case .dictionary(let entries), .record(_, let entries):
            return entries.reduce(0) { total, entry in total + entry.key.utf8.count + (entry.value.storedBytesAtLeast ?? 0) }
        }
    }
}
