import TypedDefaults

// An in-memory store keeps the output the same on every run.
let store = DefaultsStore.inMemory()
store[.launchCount] += 1
store[.theme] = .darkMode
print("launchCount=\(store[.launchCount]) volume=\(store[.volume]) username=\(store[.username] ?? "nil")")
print("theme=\(store[.theme].rawValue) recentFiles=\(store[.recentFiles]) homepage=\(store[.homepage]) showTips=\(store[.showTips])")
print("keys=\(DefaultsKeys.BasicApp.all.map(\.name).joined(separator: ","))")
// Titles from the schema, translated through the target's resource bundle (Resources/en.lproj).
print("titles=\(Theme.allCases.map(\.title)) label=\(DefaultsKeys.launchCount.label.title) help=\(DefaultsKeys.launchCount.label.help ?? "")")
