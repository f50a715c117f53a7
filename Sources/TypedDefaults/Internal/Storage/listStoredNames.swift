import Foundation

extension Suite {
    /// The names that hold a value stored in this suite itself, as reads see them (queued writes included): not
    /// the registered defaults, nor the global domain's values, nor launch arguments. For listing the members of
    /// a key family; called holding no lock of ours (it calls into Foundation).
    ///
    /// `persistentDomain(forName:)` "retrieves only the keys and values from the specified domain", where
    /// `dictionaryRepresentation()` is "the union of all key-value pairs found from all domains" (Apple's
    /// documentation of both): the global domain (`AppleLanguages`…) and registered defaults included. So the
    /// suite's own domain when it can be named (a named suite; the standard one by the bundle identifier on Apple
    /// platforms); otherwise the union, less the global domain's names, launch arguments and the names registered
    /// through stores.
    func storedNames() -> [String] {
        switch storage {
        case .memory(let memory):
            return memory.storedNames
        case .userDefaults(let foundation):
            let domain = RegisteredDefaults.persistentDomainName(of: identity)
            // Foundation's answers first, the filtering after: no lock of ours is taken inside the call.
            let (own, global, arguments) = foundation.call { defaults in
                guard let domain else {
                    return (Array(defaults.dictionaryRepresentation().keys), defaults.persistentDomain(forName: UserDefaults.globalDomain) ?? [:],
                            defaults.volatileDomain(forName: UserDefaults.argumentDomain))
                }
                return (defaults.persistentDomain(forName: domain).map { Array($0.keys) } ?? [], [:], [:])
            }
            var names = Set(domain != nil ? own : own.filter { name in
                global[name] == nil && arguments[name] == nil && RegisteredDefaults.shared.registeredObject(forKey: name) == nil
            })
            for (name, object) in foundation.queuedWrites() {
                if object == nil { names.remove(name) } else { names.insert(name) }
            }
            return Array(names)
        }
    }

}
