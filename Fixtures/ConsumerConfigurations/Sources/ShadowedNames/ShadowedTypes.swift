import Foundation
public import TypedDefaults

// Names an app declares for itself, which Foundation also declares: the generated file in this module names
// Foundation's by their module, so it compiles beside these.
public struct Bundle: Sendable {}
public struct Date: Sendable {}
public struct URL: Sendable {}
public struct UUID: Sendable {}
public struct Data: Sendable {}
public struct Locale: Sendable {}
public typealias TimeInterval = Int
/// The runtime's name for a value of any shape, declared here too: the generated file names the runtime's by its module.
public struct DefaultsPropertyList: Sendable {}

/// The generated keys, used where this module's own `Date` and `URL` shadow Foundation's.
public func shadowedNamesSummary(_ store: DefaultsStore) -> String {
    store[.shadowedLast] = Foundation.Date(timeIntervalSince1970: 86_400)
    store[.shadowedMirrors] = [Foundation.URL(string: "https://mirror.example.com")!]
    store[.shadowedVisits] = [ShadowedVisit(at: Foundation.Date(timeIntervalSince1970: 0), page: nil)]
    store[.shadowedSeen(documentID: "a")] = Foundation.Date(timeIntervalSince1970: 1)
    store[.shadowedDelay] = -1  // below its minimum: the bound is stored
    let settings = ShadowedSettings(store: store)
    return "shadowed: since=\(Int(store[.shadowedSince].timeIntervalSince1970)) last=\(Int(settings.shadowedLast?.timeIntervalSince1970 ?? 0)) "
        + "home=\(store[.shadowedHome].host ?? "") id=\(store[.shadowedID].uuidString.prefix(8)) blob=\(store[.shadowedBlob].count) "
        + "delay=\(store[.shadowedDelay]) mirrors=\(store[.shadowedMirrors].count) visits=\(store[.shadowedVisits].count) "
        + "seen=\(store.members(of: .shadowedSeen).count) anything=\(store[.shadowedAnything]["count"].map(String.init(describing:)) ?? "none") "
        + "keys=\(DefaultsKeys.ShadowedNames.all.count)"
}
