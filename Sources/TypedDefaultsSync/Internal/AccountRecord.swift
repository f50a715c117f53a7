internal import DefaultsFormats
import Foundation
import TypedDefaults

/// What a synced suite remembers of the account its stamps belong to (``SyncEngine/accountName``), so that a start
/// can compare it with the account it finds: like with like, the store's token with the token, this device's marker
/// with the store's contents (``SyncAccount``).
///
/// Kept as a small dictionary. A value an earlier build wrote (text: `"account:<token>"`, or `"marker:<id>"` for the
/// marker every device shared) reads as its token, or as nothing: that shared marker never told accounts apart.
struct AccountRecord: Equatable {
    /// The store's identifier of the account (``DefaultsCloudAccount/signedIn(_:)``), when it last told one.
    var token: String?
    /// This device's marker in the account: the cloud store's name ``SyncAccount/markerPrefix`` + this. A new one
    /// for each account, so that an account the device was on before does not pass for the present one.
    var marker: String?
    /// Whether the marker is known to be in the account: written when a change notification reached this device,
    /// after its initial download began (a write iCloud does not discard as made before it).
    var confirmed = false
    /// A start could not decide (a token that went away with no confirmed marker yet, or the marker missing from a
    /// store that may still be loading): nothing is pushed or taken until a change notification, or for the rest of
    /// that launch; the next start does not doubt again.
    var inDoubt = false
    /// A start doubted of this account already: the next ones with nothing to compare take it as the same one, so a
    /// doubt comes once per account, not every other launch.
    var doubted = false
    /// This device's markers in the accounts it was on before (newest last, at most ``formerMarkerLimit``): found in
    /// the store the device is on now, which is then one of those accounts again, they are removed, so that each
    /// device keeps one marker per account among the store's 1,024 keys.
    var formerMarkers: [String] = []

    static let formerMarkerLimit = 8

    private static let tokenField = "token"
    private static let markerField = "marker"
    private static let confirmedField = "confirmed"
    private static let inDoubtField = "inDoubt"
    private static let doubtedField = "doubted"
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
        confirmed = marker != nil && Self.flag(fields[Self.confirmedField])
        inDoubt = Self.flag(fields[Self.inDoubtField])
        doubted = Self.flag(fields[Self.doubtedField])
        formerMarkers = (fields[Self.formerMarkersField] as? [Any])?.compactMap { $0 as? String } ?? []
    }

    /// A stored `Bool`, which Foundation hands back as a number.
    private static func flag(_ field: Any??) -> Bool {
        guard let field = field ?? nil else { return false }
        return field as? Bool ?? (field as? NSNumber)?.boolValue ?? false
    }

    var stored: [String: Any] {
        var fields: [String: Any] = [Self.confirmedField: confirmed, Self.inDoubtField: inDoubt]
        if doubted { fields[Self.doubtedField] = true }
        if !formerMarkers.isEmpty { fields[Self.formerMarkersField] = formerMarkers }
        if let token { fields[Self.tokenField] = token }
        if let marker { fields[Self.markerField] = marker }
        return fields
    }

    /// Whether anything is remembered of an account: a start with nothing to compare it with then doubts.
    var remembersAnAccount: Bool { token != nil || marker != nil }

    /// One record from each synced suite's, for a sync over several: a token any of them remembers (all of them,
    /// for the comparison: `tokens`), a confirmed marker before one that is not.
    static func merged(_ records: [AccountRecord]) -> (record: AccountRecord, tokens: Set<String>) {
        let tokens = Set(records.compactMap(\.token))
        var merged = records.filter { $0.marker != nil }.min { ($0.confirmed ? 0 : 1, $0.marker!) < ($1.confirmed ? 0 : 1, $1.marker!) } ?? AccountRecord()
        merged.token = tokens.min()
        merged.inDoubt = records.contains(where: \.inDoubt)
        merged.doubted = records.contains(where: \.doubted)
        var formers: [String] = []
        for marker in records.flatMap(\.formerMarkers) where !formers.contains(marker) { formers.append(marker) }
        merged.formerMarkers = Array(formers.suffix(formerMarkerLimit))
        return (merged, tokens)
    }
}
