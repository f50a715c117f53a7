public import TypedDefaults

/// A public API of the library that names generated public types.
public func publicStore(frame: PubFrame) -> DefaultsStore {
    let store = DefaultsStore.inMemory()
    store[.pubFrame] = frame
    return store
}
