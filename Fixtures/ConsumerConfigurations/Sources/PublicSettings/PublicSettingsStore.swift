import Foundation
public import TypedDefaults

/// A public API of the library that names generated public types.
public func publicStore(frame: PubFrame) -> DefaultsStore {
    let store = DefaultsStore.inMemory()
    store[.pubFrame] = frame
    return store
}

/// Keys named like members of the key classes, used in the module that declares them. Here Swift takes
/// `key.name` for the static key `DefaultsKeys.name` (a module's own names shadow imported ones); other modules
/// see both (StrictImportsClient reads the instance members).
public func publicMemberNamedKeys(_ store: DefaultsStore) -> String {
    store[.migrations] = ["v2": true]
    store[.name] = "ann"
    store[.defaultValue] += 2
    let settings = PubSettings(store: store)
    settings.formerNames = ["x"]
    // An optional key with a default: the default until set, and again after nil.
    let greetings = [store[.pubGreeting], { store[.pubGreeting] = "yo"; return store[.pubGreeting] }(), { settings.pubGreeting = nil; return store[.pubGreeting] }()]
    store[.pubWindow].height += 0.5
    let window = "\(Int(store[.pubWindow].width))x\(store[.pubWindow].height) stored=\(store[DefaultsKey<String?>("pubWindow")] ?? "?")"
    return "members: window=\(window) migrations=\(store[.migrations]) name=\(settings.name) defaultValue=\(store[.defaultValue]) formerNames=\(store[.formerNames]) greetings=\(greetings.map { $0 ?? "nil" })"
}
