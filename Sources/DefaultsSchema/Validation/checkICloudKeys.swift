import DefaultsFormats

extension SchemaValidator {
    /// Marks the keys that sync through iCloud (their own `"iCloud"`, else the schema's) and checks them against
    /// the limits of iCloud's key-value store, which would otherwise be found only at run time: how many keys,
    /// how long a stored name, how large a default.
    func markSyncedKeys(_ keys: inout [KeyDeclaration], rawKeys: [RawKey], schemaICloud: (value: Bool, location: SchemaLocation)?,
                        diagnostics: inout Diagnostics) {
        let limits = ICloudKeyValueLimits.self
        let rawByIdentifier = Dictionary(rawKeys.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        let synced = keys.indices.compactMap { index in
            rawByIdentifier[keys[index].identifier].flatMap { raw in ((raw.iCloud ?? schemaICloud)?.value == true) ? (index, raw) : nil }
        }
        for (count, (index, raw)) in synced.enumerated() {
            keys[index].iCloud = true
            let key = keys[index]
            let nameBytes = key.storedName.utf8.count
            if nameBytes > limits.nameBytes {
                diagnostics.error(raw.storedNameLocation, "the stored name \"\(key.storedName)\" is \(nameBytes) bytes of UTF-8, and iCloud's key-value store takes names of at most \(limits.nameBytes); shorten it with \"key\" (and keep the old one in \"renamedFrom\"), or set \"iCloud\": false on the key")
            }
            if let value = key.defaultValue, let bytes = value.storedBytesAtLeast, bytes > limits.valueBytes {
                diagnostics.error(raw.defaultNode?.location ?? raw.typeLocation, "the default of \"\(key.identifier)\" takes at least \(bytes) bytes stored, more than the \(limits.valueBytes) bytes iCloud's key-value store takes for one value; keep large data out of synced settings, or set \"iCloud\": false on the key")
            }
            if count == limits.keyCount {
                let location = raw.iCloud?.location ?? schemaICloud?.location ?? raw.nameLocation
                diagnostics.error(location, "\(synced.count) keys sync through iCloud, more than the \(limits.keyCount) keys its key-value store holds; set \"iCloud\": false on the keys that need not follow the user across devices")
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
        case .rawRepresentable(_, let raw): return raw.storedBytesAtLeast
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
