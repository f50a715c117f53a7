import Foundation

/// Runs `body` with fresh in-memory stores in place of every store it reaches without naming a `UserDefaults`
/// object: `Defaults[...]`, `@Default(.key)`, a key's suite store, `DefaultsStore.standard`,
/// `DefaultsStore.suite(_:)`, `DefaultsStore.removeSuite(named:)` and generated settings classes made with
/// their default store. Nothing inside touches a real suite or the disk.
///
/// ```swift
/// withIsolatedDefaults {
///     Defaults[.launchCount] += 1          // 1, whatever the real settings hold
/// }
/// ```
///
/// Each scope starts from the keys' defaults, one store per suite, and no two scopes share values; scopes nest
/// (the inner one wins). `DefaultsStore.suite(_:)` is redirected too: naming a suite is not naming a
/// `UserDefaults` object, so inside the scope it gives the scope's in-memory store of that name. Only a store over a `UserDefaults` object, `DefaultsStore(someUserDefaults)`,
/// reaches real settings inside a scope. Observation, `updates`, `update`, `register`, `has`, `remove`, migrations
/// and ranges work in the scope's stores as in any other.
///
/// `managed` plays an administrator: the managed app configuration MDM would set (by stored name, what the system
/// keeps under `com.apple.configuration.managed`), or, for a Mac app, the preferences a configuration profile
/// forces, which the app sees the same way. Inside the scope a managed key (`"managed": true`) with a value there
/// reads it, ``DefaultsStore/isForced(_:)`` is `true`, and writes to it change nothing (each reported):
///
/// ```swift
/// withIsolatedDefaults(managed: ["serverURL": "https://mdm.example.com", "allowUploads": false]) {
///     #expect(Defaults.isForced(.serverURL))
///     #expect(Defaults[.allowUploads] == false)
/// }
/// ```
public func withIsolatedDefaults<R>(managed: [String: any Sendable] = [:], _ body: () throws -> R) rethrows -> R {
    try StoreRedirection.withScope(StoreFamily.inMemory(managed: managed), body)
}

/// Runs `body` with fresh in-memory stores in place of every store it reaches without naming a `UserDefaults`
/// object, `managed` as an administrator's values; see the synchronous `withIsolatedDefaults(managed:_:)`. Tasks
/// that `body` creates (`async let`, task groups, `Task {}`) inherit the scope; a detached task does not.
public func withIsolatedDefaults<R>(
    managed: [String: any Sendable] = [:],
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
) async rethrows -> R {
    try await StoreRedirection.withScope(StoreFamily.inMemory(managed: managed), isolation: isolation, body)
}
