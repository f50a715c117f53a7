import TypedDefaults

let store = DefaultsStore.inMemory()
print("volume=\(store[.volume]) autoplay=\(store[.autoplay]) quality=\(store[.quality].rawValue)")
