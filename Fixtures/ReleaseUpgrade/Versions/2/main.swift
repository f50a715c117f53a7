import Foundation
import TypedDefaults

// Version 2: every value of version 1 arrives migrated; the old entries are gone.
print("showSearch=\(Defaults[.showSearch]) sortOrder=\(Defaults[.sortOrder]) lastAccount=\(Defaults[.lastAccount] ?? "nil")")
// pageSize's default changed from 20 to 50 with "keepPreviousDefault": this install first ran 1.0, so it keeps 20;
// a new install (a suite never used before) reads 50.
// A store over the suite's object reads the key (declared with the schema's suite) in that other suite.
let fresh = DefaultsStore(UserDefaults(suiteName: "typeddefaults.fixture.release.fresh")!, suiteName: "typeddefaults.fixture.release.fresh")
print("pageSize=\(Defaults[.pageSize]) new install=\(fresh[.pageSize])")
try? DefaultsStore.removeSuite(named: "typeddefaults.fixture.release.fresh")
DefaultsKeys.ReleaseUpgrade.removeRetiredValues()
DefaultsStore.flush()
let old = UserDefaults(suiteName: "typeddefaults.fixture.release")!
let leftovers = ["hideSearch", "lastAccount", "legacyMode"].filter { old.object(forKey: $0) != nil }
print("old entries left: \(leftovers)")
print("sortOrder stored as \(old.object(forKey: "sortOrder") ?? "nothing")")
// Leave nothing behind for the next run: each key in its own suite.
DefaultsStore.standard.remove(DefaultsKeys.ReleaseUpgrade.all)  // each key in its own suite
DefaultsStore.suite("typeddefaults.fixture.release").removeValues(named: ["TypedDefaultsFirstVersion"]) // the documented entry of the version an install first ran
DefaultsStore.flush()
