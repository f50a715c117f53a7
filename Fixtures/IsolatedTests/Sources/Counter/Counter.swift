import TypedDefaults

/// App code that uses the shared stores, as apps do: tests cannot hand it a store.
public func countLaunch() -> Int {
    Defaults[.launchCount] += 1
    Defaults[.sharedCount] += 1
    return Defaults[.launchCount]
}

/// The counts, through a settings class made with its default store.
public func counts() -> (launches: Int, shared: Int) {
    let settings = CounterSettings()
    return (settings.launchCount, settings.sharedCount)
}
