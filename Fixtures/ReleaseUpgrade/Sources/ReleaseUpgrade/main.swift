import Foundation
import TypedDefaults

// Version 1: stores a value in every key but pageSize, as a user of release 1.0 would have. (A run interrupted earlier may
// have left version 2's value in the group suite, where it would win over the migration: start clean.)
DefaultsStore.suite("typeddefaults.fixture.release.group").removeValues(named: ["lastAccount"])
// The install's first version: TYPED_DEFAULTS_APP_VERSION=1.0 names this command-line build's, and the first write
// (or the record left after the first store is made) keeps it in the suite. "pageSize" is never set. (Not removed
// here first: the stores remember the version once read, so a removal racing that record would leave none.)
Defaults[.hideSearch] = true
Defaults[.sortOrder] = 1
Defaults[.lastAccount] = "ann"
Defaults[.legacyMode] = true
DefaultsStore.flush()
print("version 1 stored 4 of \(DefaultsKeys.ReleaseUpgrade.all.count) keys")
