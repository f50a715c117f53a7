extension Messages {
    /// The AppConfig specification ("specfile") of the managed keys.
    enum AppConfig {
        /// When a managed key is left out of the specfile, for `reason` (an ``AppConfigField/LeftOut`` text).
        static func managedKeyLeftOutOfSpecfile(_ identifier: String, reason: String, type: SchemaType, storedName: String) -> String { "the managed key \"\(identifier)\" is left out of the AppConfig specfile: \(reason); administrators can still set it as \(type) under \"\(storedName)\" in a custom configuration" }

        /// The reason a key is left out when its default is an integer that `xs:int` cannot hold.
        static func defaultDoesNotFitInt32() -> String { "its default does not fit AppConfig's 32-bit integer" }
    }
}
