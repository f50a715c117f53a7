import Foundation
import TypedDefaults

// Start from an empty suite each run, and leave nothing behind.
try DefaultsStore.removeSuite(named: "typeddefaults.fixture.appgroup")
defer { try? DefaultsStore.removeSuite(named: "typeddefaults.fixture.appgroup") }
let group = UserDefaults(suiteName: "typeddefaults.fixture.appgroup")!

// Keys read their own suite through Defaults[...]; a store given explicitly wins.
Defaults[.quality] = .low
Defaults[.favorites].insert(3)
print("suite: quality=\(group.integer(forKey: "quality")) favorites=\(Defaults[.favorites].sorted()) standard=\(UserDefaults.standard.object(forKey: "quality") == nil ? "untouched" : "written")")
print("explicit: memory quality=\(DefaultsStore.inMemory()[.quality])")

// A window frame stored by an older version: "width" missing, "legacy" extra, "pinned" of another type.
group.set(["x": 40.0, "legacy": "gone", "pinned": ["on"]], forKey: "mainWindow")
let frame = Defaults[.mainWindow]
print("old shape: x=\(frame.x) width=\(frame.width) pinned=\(frame.pinned)")

// What other libraries store: a JSON string (sindresorhus/Defaults) and JSON Data (SwiftyUserDefaults, Foil).
group.set(#"{"x": 1, "width": 300, "pinned": true}"#, forKey: "mainWindow")
print("json string: width=\(Defaults[.mainWindow].width) pinned=\(Defaults[.mainWindow].pinned)")
group.set(Data(#"[{"width": 200}, {"x": 5}]"#.utf8), forKey: "windows")
print("json data: widths=\(Defaults[.windows].map(\.width))")
Defaults[.mainWindow].x = 2
print("rewritten: \(group.object(forKey: "mainWindow") is [String: Any] ? "dictionary" : "unchanged") x=\(Defaults[.mainWindow].x) width=\(Defaults[.mainWindow].width)")
