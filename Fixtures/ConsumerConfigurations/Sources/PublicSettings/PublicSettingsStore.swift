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
    return "members: migrations=\(store[.migrations]) name=\(settings.name) defaultValue=\(store[.defaultValue]) formerNames=\(store[.formerNames])"
}
