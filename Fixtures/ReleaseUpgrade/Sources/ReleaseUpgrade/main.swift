import Foundation
import TypedDefaults

// Version 1: stores a value in every key, as a user of release 1.0 would have.
Defaults[.hideSearch] = true
Defaults[.sortOrder] = 1
Defaults[.lastAccount] = "ann"
Defaults[.legacyMode] = true
DefaultsStore.flush()
print("version 1 stored \(DefaultsKeys.ReleaseUpgrade.all.count) values")
