import SettingsKit
import TypedDefaults

let store = DefaultsStore.inMemory()
store[.account] = Account(email: "a@example.com", isAdmin: true)
store[.clientRuns] += 1
print("accent=\(store[.accentColor].rawValue) interval=\(store[.syncInterval]) admin=\(store[.account]?.isAdmin ?? false)")
print("kit=\(DefaultsKeys.SettingsKit.all.count) client=\(DefaultsKeys.SettingsClient.all.count) runs=\(store[.clientRuns])")
