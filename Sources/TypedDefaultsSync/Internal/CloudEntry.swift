import Foundation
import TypedDefaults

/// What a sync keeps in the cloud under a key's stored name: the value (none for a removal) and when it was
/// written, so that every device can tell the newer of two writes.
///
/// Stored as a small dictionary, `["TypedDefaults.modified": seconds since 1970, "TypedDefaults.value": value]`.
/// A value another program put there without that shape (an app's older sync code) reads as written at the
/// start of 1970: older than any write a sync made, and still taken by a device that has nothing of its own.
struct CloudEntry {
    /// `nil` for a removal, which is a write like any other.
    var object: Any?
    /// On the writing device's clock. A number, not a `Date`, so that the stamp read back from the cloud or the
    /// suite compares equal to the one written.
    var modified: Double

    static let modifiedField = "TypedDefaults.modified"
    static let valueField = "TypedDefaults.value"

    init(object: Any?, modified: Double) {
        self.object = object
        self.modified = modified
    }

    init?(cloudObject: Any?) {
        guard let cloudObject else { return nil }
        if let fields = cloudObject as? [String: Any], let seconds = fields[Self.modifiedField].flatMap(StoredNumber.init)?.exactly(Double.self), seconds.isFinite {
            self.init(object: fields[Self.valueField], modified: seconds)
        } else {
            self.init(object: cloudObject, modified: 0)
        }
    }

    var cloudObject: [String: Any] {
        var fields: [String: Any] = [Self.modifiedField: modified]
        if let object { fields[Self.valueField] = object }
        return fields
    }
}

/// The bytes `object` takes in a cloud key-value store under `name`, near enough to what iCloud's per-value limit
/// measures; `Int.max` for an object with no property-list form, which no cloud store can take. `package`: the
/// in-memory cloud account of `TypedDefaultsTestDoubles` measures the same way as the sync.
package func cloudStoredSize(name: String, object: Any) -> Int {
    guard let data = try? PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0) else { return .max }
    return name.utf8.count + data.count
}
