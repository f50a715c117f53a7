import Foundation

extension Suite {
    /// The names that hold a value stored in this suite itself, as reads see them (writes in flight included): not
    /// the registered defaults, nor the global domain's values, nor launch arguments. For listing the members of
    /// a key family; called holding no lock of ours (it calls into Foundation).
    ///
    /// `persistentDomain(forName:)` "retrieves only the keys and values from the specified domain", where
    /// `dictionaryRepresentation()` is "the union of all key-value pairs found from all domains" (Apple's
    /// documentation of both): the global domain (`AppleLanguages`…) and registered defaults included. So the
    /// suite's own domain when it can be named (a named suite; the standard one by the bundle identifier on Apple
    /// platforms); otherwise (a `UserDefaults` object whose suite name Foundation does not reveal, the standard
    /// suite on Linux) the union, less the global domain's names, launch arguments and registered defaults.
    func storedNames() -> [String] {
        Array(storedObjects().keys)
    }

    /// The objects stored in this suite itself, by name, as ``storedNames()`` finds them: what the person set, for
    /// a settings export (never a launch argument, a registered default or the global domain's).
    func storedObjects() -> [String: Any] {
        switch storage {
        case .memory(let memory):
            return memory.storedObjects
        case .userDefaults(let foundation):
            let domain = RegisteredDefaults.persistentDomainName(of: identity)
            // Foundation's answers first, the filtering after: no lock of ours is taken inside the call.
            let (own, others) = foundation.call { defaults in
                guard let domain else {
                    return (defaults.dictionaryRepresentation(), [
                        defaults.persistentDomain(forName: UserDefaults.globalDomain) ?? [:],
                        defaults.volatileDomain(forName: UserDefaults.argumentDomain),
                        defaults.volatileDomain(forName: UserDefaults.registrationDomain),
                    ])
                }
                return (defaults.persistentDomain(forName: domain) ?? [:], [])
            }
            var objects = domain != nil ? own : own.filter { name, object in
                if others[0][name] != nil || others[1][name] != nil { return false }
                // A registered default reads as stored: one equal to the registered object counts as not stored
                // (as `has(_:)` counts it). Linux lists no registration domain: only registrations through stores
                // are known there.
                let registered = others[2][name] ?? RegisteredDefaults.shared.registeredObject(forKey: name)
                return registered.map { storedObjectsEqual(object, $0) } != true
            }
            for (name, object) in foundation.inFlightWrites() { objects[name] = object }
            return objects
        }
    }
}
