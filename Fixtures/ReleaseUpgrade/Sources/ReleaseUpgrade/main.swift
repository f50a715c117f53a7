import Foundation
import TypedDefaults

// Version 1: stores a value in every key, as a user of release 1.0 would have. (A run interrupted earlier may
// have left version 2's value in the group suite, where it would win over the migration: start clean.)
DefaultsStore(suiteName: "typeddefaults.fixture.release.group").removeValues(named: ["lastAccount"])
Defaults[.hideSearch] = true
Defaults[.sortOrder] = 1
Defaults[.lastAccount] = "ann"
Defaults[.legacyMode] = true
DefaultsStore.flush()
print("version 1 stored \(DefaultsKeys.ReleaseUpgrade.all.count) values")
