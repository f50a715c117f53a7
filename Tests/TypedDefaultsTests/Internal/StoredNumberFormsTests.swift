import Foundation
import Testing
@testable import TypedDefaults

/// Numbers read from the forms Foundation hands back, nested existentials included (Linux Foundation's dictionaries
/// hold `any Sendable` values, which an `Any` then wraps once more).
@Suite struct StoredNumberFormsTests {
    @Test func aNumberInsideAnotherExistentialReads() {
        let sendables: [String: any Sendable] = ["int": 3, "double": 0.5, "bool": true, "int64": Int64(-4), "uint64": UInt64(5)]
        let objects: [String: Any] = sendables.mapValues { $0 as Any }
        #expect(Int.fromDefaultsObject(objects["int"]!) == 3)
        #expect(Double.fromDefaultsObject(objects["double"]!) == 0.5)
        #expect(Bool.fromDefaultsObject(objects["bool"]!) == true)
        #expect(Int64.fromDefaultsObject(objects["int64"]!) == -4)
        #expect(UInt64.fromDefaultsObject(objects["uint64"]!) == 5)
        #expect(storedObjectsEqual(objects["int"], 3))
    }
}
