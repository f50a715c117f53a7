package import TypedDefaults

/// A package API of the library that names generated package types.
package func packageStore(level: PkgLevel) -> DefaultsStore {
    let store = DefaultsStore.inMemory()
    store[.pkgLevel] = level
    return store
}
