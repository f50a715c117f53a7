internal import DefaultsFormats
import Foundation
import TypedDefaults

/// What a synced suite remembers of the account its stamps belong to (``SyncEngine/accountName``), so that a start
/// can compare it with the account it finds: like with like, the store's token with the token, this device's marker
/// with the store's contents (``SyncAccount``).
///
/// Kept as a small dictionary. A value an earlier build wrote (text: `"account:<token>"`, or `"marker:<id>"` for the
/// marker every device shared) reads as its token, or as nothing: that shared marker never told accounts apart.
/// Fields earlier builds of this shape wrote (`confirmed`, `inDoubt`, `doubted`) are ignored.
struct AccountRecord: Equatable {
    /// The store's identifier of the account (``DefaultsCloudAccount/signedIn(_:)``), when it last told one.
    var token: String?
    /// This device's marker in the account of the present epoch: the cloud store's name ``SyncAccount/markerPrefix``
    /// + this. A new one for each epoch, so that an account the device was on before does not pass for the present
    /// one.
    var marker: String?
    /// The stamp at which the present epoch began: a value stamped at or before it may belong to a person the device
    /// can no longer tell from the present one, so it is never pushed (``SyncAccount``). `nil`: no epoch began yet.
    var epoch: Double?
    /// This device's markers of earlier epochs (newest last, at most ``formerMarkerLimit``): found in the store the
    /// device is on now, they are removed, so that each device keeps one marker per account among the store's 1,024
    /// keys.
    var formerMarkers: [String] = []

    static let formerMarkerLimit = 8

    private static let tokenField = "token"
    private static let markerField = "marker"
    private static let epochField = "epoch"
    private static let formerMarkersField = "formerMarkers"

    init() {}

    init(stored: Any?) {
        if let text = stored as? String {
            if text.hasPrefix("account:") { token = String(text.dropFirst("account:".count)) }
            return
        }
        guard let fields = stored.flatMap(storedDictionaryMembers) else { return }
        token = fields[Self.tokenField] as? String
        marker = fields[Self.markerField] as? String
        epoch = fields[Self.epochField].flatMap { $0.flatMap(StoredNumber.init)?.exactly(Double.self) }
        formerMarkers = (fields[Self.formerMarkersField] as? [Any])?.compactMap { $0 as? String } ?? []
    }

    var stored: [String: Any] {
        var fields: [String: Any] = [:]
        if !formerMarkers.isEmpty { fields[Self.formerMarkersField] = formerMarkers }
        if let token { fields[Self.tokenField] = token }
        if let marker { fields[Self.markerField] = marker }
        if let epoch { fields[Self.epochField] = epoch }
        return fields
    }

    /// Whether anything is remembered of an account: a start that can compare nothing with it begins an epoch.
    var remembersAnAccount: Bool { token != nil || marker != nil }

    /// The record after an epoch that begins at `stamp`: a new marker, the present one among the former ones.
    func beginningEpoch(at stamp: Double) -> AccountRecord {
        var record = self
        record.epoch = stamp
        record.formerMarkers = Array((formerMarkers + [marker].compactMap { $0 }).suffix(Self.formerMarkerLimit))
        record.marker = UUID().uuidString
        return record
    }

    /// One record from each synced suite's, for a sync over several: a token any of them remembers (all of them,
    /// for the comparison: `tokens`), the marker of the latest epoch (the others among the former ones).
    static func merged(_ records: [AccountRecord]) -> (record: AccountRecord, tokens: Set<String>) {
        let tokens = Set(records.compactMap(\.token))
        var merged = records.filter { $0.marker != nil }.max { ($0.epoch ?? -.infinity, $0.marker!) < ($1.epoch ?? -.infinity, $1.marker!) } ?? AccountRecord()
        merged.token = tokens.min()
        var formers: [String] = []
        for marker in records.flatMap({ $0.formerMarkers + [$0.marker].compactMap { $0 } })
        where !formers.contains(marker) && marker != merged.marker {
            formers.append(marker)
        }
        merged.formerMarkers = Array(formers.suffix(formerMarkerLimit))
        return (merged, tokens)
    }
}
