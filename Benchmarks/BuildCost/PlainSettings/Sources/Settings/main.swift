import Foundation

enum Theme: String, Codable, Sendable { case light, dark, system }
enum SortOrder: String, Codable, Sendable { case name, date, size }

struct WindowFrame: Codable, Hashable, Sendable {
    var x = 0.0
    var y = 0.0
    var width = 800.0
    var height = 600.0
    var pinned = false
}

/// The settings as apps wrote them before settings libraries: one computed property per key over `UserDefaults`.
final class AppSettings: @unchecked Sendable {
    let defaults: UserDefaults
    init(defaults: UserDefaults = .standard) { self.defaults = defaults }

    private func value<Value>(_ key: String, _ defaultValue: Value) -> Value {
        defaults.object(forKey: key) as? Value ?? defaultValue
    }

    var launchCount: Int { get { value("launchCount", 0) } set { defaults.set(newValue, forKey: "launchCount") } }
    var fontSize: Int { get { value("fontSize", 13) } set { defaults.set(newValue, forKey: "fontSize") } }
    var maxRecentCount: Int {
        get { value("maxRecentCount", 10) } set { defaults.set(newValue, forKey: "maxRecentCount") }
    }
    var showTips: Bool { get { value("showTips", true) } set { defaults.set(newValue, forKey: "showTips") } }
    var playSounds: Bool { get { value("playSounds", false) } set { defaults.set(newValue, forKey: "playSounds") } }
    var isFirstLaunch: Bool {
        get { value("isFirstLaunch", true) } set { defaults.set(newValue, forKey: "isFirstLaunch") }
    }
    var title: String { get { value("title", "Untitled") } set { defaults.set(newValue, forKey: "title") } }
    var accentColorName: String {
        get { value("accentColorName", "blue") } set { defaults.set(newValue, forKey: "accentColorName") }
    }
    var signature: String { get { value("signature", "") } set { defaults.set(newValue, forKey: "signature") } }
    var volume: Double { get { value("volume", 0.5) } set { defaults.set(newValue, forKey: "volume") } }
    var zoom: Double { get { value("zoom", 1.0) } set { defaults.set(newValue, forKey: "zoom") } }
    var autosaveInterval: Double {
        get { value("autosaveInterval", 30.0) } set { defaults.set(newValue, forKey: "autosaveInterval") }
    }
    var recentFiles: [String] {
        get { value("recentFiles", []) } set { defaults.set(newValue, forKey: "recentFiles") }
    }
    var tags: [String] { get { value("tags", ["inbox"]) } set { defaults.set(newValue, forKey: "tags") } }
    var searchScopes: [String] {
        get { value("searchScopes", ["all"]) } set { defaults.set(newValue, forKey: "searchScopes") }
    }
    var theme: Theme {
        get { defaults.string(forKey: "theme").flatMap(Theme.init(rawValue:)) ?? .system }
        set { defaults.set(newValue.rawValue, forKey: "theme") }
    }
    var sortOrder: SortOrder {
        get { defaults.string(forKey: "sortOrder").flatMap(SortOrder.init(rawValue:)) ?? .name }
        set { defaults.set(newValue.rawValue, forKey: "sortOrder") }
    }
    var mainWindow: WindowFrame {
        get {
            defaults.data(forKey: "mainWindow").flatMap { try? JSONDecoder().decode(WindowFrame.self, from: $0) }
                ?? WindowFrame()
        }
        set { defaults.set(try? JSONEncoder().encode(newValue), forKey: "mainWindow") }
    }
    var username: String? { get { defaults.string(forKey: "username") } set { defaults.set(newValue, forKey: "username") } }
    var lastExportPath: String? {
        get { defaults.string(forKey: "lastExportPath") } set { defaults.set(newValue, forKey: "lastExportPath") }
    }
}

// Every setting read once (reads only: nothing is written to the user's settings).
let settings = AppSettings()
print(settings.launchCount, settings.fontSize, settings.maxRecentCount, settings.showTips, settings.playSounds,
      settings.isFirstLaunch, settings.title, settings.accentColorName, settings.signature, settings.volume,
      settings.zoom, settings.autosaveInterval, settings.recentFiles, settings.tags, settings.searchScopes,
      settings.theme, settings.sortOrder, settings.mainWindow, settings.username ?? "nil",
      settings.lastExportPath ?? "nil")
