/// What Apple documents as the limits of iCloud's key-value store (`NSUbiquitousKeyValueStore`): the generator checks
/// synced keys against them at build time, and the runtime's `DefaultsCloudLimits.iCloud` is made of them, so the two
/// can never disagree.
package enum ICloudKeyValueLimits {
    /// The most keys the store holds.
    package static let keyCount = 1024
    /// The most bytes all values (and their names) take together: 1 MB.
    package static let totalBytes = 1_048_576
    /// The most bytes one value (and its name) takes: 1 MB.
    package static let valueBytes = 1_048_576
    /// The longest name, in bytes of UTF-8.
    package static let nameBytes = 64
    /// Keys of ``keyCount`` kept for the devices' account markers (one per device and account, each device pruning
    /// its own former ones): a schema syncs at most `keyCount - markerKeys` keys.
    package static let markerKeys = 8
}
