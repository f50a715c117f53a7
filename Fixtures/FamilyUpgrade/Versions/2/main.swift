import Foundation
import TypedDefaults

// Version 2: the renamed family lists the members stored under its former template, and each moves on first read.
let store = DefaultsStore.standard
let widgets = store.members(of: .selectedCalendars)
print("members before reading: \(widgets)")
for id in widgets { print("\(id): \(Defaults[.selectedCalendars(widgetID: id)])") }
print("pageZoom 3: \(Defaults[.pageZoom(index: 3)])")
DefaultsStore.flush()
let suite = UserDefaults(suiteName: "typeddefaults.fixture.families")!
let leftovers = ["widget.w1.calendars", "widget.w2.calendars"].filter { suite.object(forKey: $0) != nil }
print("old entries left: \(leftovers); new: \(["w1_calendars", "w2_calendars"].filter { suite.object(forKey: $0) != nil })")
// Leave nothing behind for the next run.
store.removeMembers(of: .selectedCalendars)
store.removeMembers(of: .pageZoom)
DefaultsStore.flush()
print("after removeMembers: \(store.members(of: .selectedCalendars)) \(store.members(of: .pageZoom))")
