import DefaultsFormats
import Testing
import TypedDefaults
import TypedDefaultsSync

/// The generator checks synced keys against the same limits the runtime enforces: one table, read by both.
@Suite struct ICloudKeyValueLimitsTests {
    @Test func theRuntimesLimitsAreTheSharedOnes() {
        #expect(DefaultsCloudLimits.iCloud == DefaultsCloudLimits(
            keyCount: ICloudKeyValueLimits.keyCount, totalBytes: ICloudKeyValueLimits.totalBytes,
            valueBytes: ICloudKeyValueLimits.valueBytes, nameBytes: ICloudKeyValueLimits.nameBytes
        ))
        // What Apple documents for NSUbiquitousKeyValueStore.
        #expect(ICloudKeyValueLimits.keyCount == 1024 && ICloudKeyValueLimits.totalBytes == 1_048_576)
        #expect(ICloudKeyValueLimits.valueBytes == 1_048_576 && ICloudKeyValueLimits.nameBytes == 64)
    }
}
