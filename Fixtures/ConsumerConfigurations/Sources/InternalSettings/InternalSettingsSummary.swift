import TypedDefaults

/// Uses the internal keys off the main actor, for the client: their types never leave this module.
public func internalSettingsSummary() async -> String {
    await Task.detached {
        let store = DefaultsStore.inMemory()
        store[.intCount] = 500 // outside 0...100: its upper bound is stored
        store[.intFrame].layout = .list
        let settings = IntSettings(store: store)
        settings.intLevel = .high
        settings.intTags.insert("a")
        return "internal: count=\(store[.intCount]) layout=\(store[.intFrame].layout) level=\(store[.intLevel]) tags=\(settings.intTags.sorted()) keys=\(DefaultsKeys.InternalSettings.all.count)"
    }.value
}
