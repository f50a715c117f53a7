import Foundation
import TypedDefaults

// Version 1: stores a value in every key but pageSize, as a user of release 1.0 would have. (A run interrupted earlier may
// have left version 2's value in the group suite, where it would win over the migration: start clean.)
DefaultsStore(suiteName: "typeddefaults.fixture.release.group").removeValues(named: ["lastAccount"])
// The install's first version, as a fresh install of release 1.0 has none (TYPED_DEFAULTS_APP_VERSION=1.0 names the
// version of this command-line build): the first write records 1.0. "pageSize" is never set.
DefaultsStore(suiteName: "typeddefaults.fixture.release").removeValues(named: [DefaultsStore.firstVersionName])
Defaults[.hideSearch] = true
Defaults[.sortOrder] = 1
Defaults[.lastAccount] = "ann"
Defaults[.legacyMode] = true
DefaultsStore.flush()
print("version 1 stored 4 of \(DefaultsKeys.ReleaseUpgrade.all.count) keys")
