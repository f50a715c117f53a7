import Foundation
import TypedDefaults

// Version 1: members of each family stored, as users of release 1.0 would have them (a run interrupted earlier may
// have left version 2's values: start clean).
let store = DefaultsStore.standard
DefaultsStore.suite("typeddefaults.fixture.families").removeValues(named: ["w1_calendars", "w2_calendars"])
store.removeMembers(of: .selectedCalendars)
store.removeMembers(of: .pageZoom)
Defaults[.selectedCalendars(widgetID: "w1")] = ["work"]
Defaults[.selectedCalendars(widgetID: "w2")] = ["home", "gym"]
Defaults[.pageZoom(index: 3)] = 1.5
DefaultsStore.flush()
print("version 1 stored \(store.members(of: .selectedCalendars)) \(store.members(of: .pageZoom))")
