import DefaultsFormats

extension Messages {
    /// Keys that sync through iCloud's key-value store, and its limits.
    enum ICloud {
        /// When `"iCloud"`, on a key or the schema, is not a Boolean.
        static func notBool(kind: String) -> String { "\"iCloud\" must be true or false, not \(kind)" }

        static func storedNameTooLong(_ storedName: String, bytes: Int, limit: Int) -> String { "the stored name \"\(storedName)\" is \(bytes) bytes of UTF-8, and iCloud's key-value store takes names of at most \(limit); shorten it with \"key\" (and keep the old one in \"renamedFrom\"), or set \"iCloud\": false on the key" }

        /// When a synced key's default is larger than one value of the store may be.
        static func defaultTooLarge(key: String, bytes: Int, limit: Int) -> String { "the default of \"\(key)\" takes at least \(bytes) bytes stored, more than the \(limit) bytes iCloud's key-value store takes for one value; keep large data out of synced settings, or set \"iCloud\": false on the key" }

        /// When more keys sync than the store holds.
        static func tooManyKeys(_ count: Int, limit: Int) -> String { "\(count) keys sync through iCloud, more than the \(limit) keys its key-value store holds beside the devices' account markers (1024 in all, \(ICloudKeyValueLimits.markerKeys) kept for markers); set \"iCloud\": false on the keys that need not follow the user across devices" }
    }
}
