import InternalSettings
import PackageSettings
import PublicSettings
import ShadowedNames
import TypedDefaults
#if canImport(SwiftUI)
import SwiftUI

/// Another module's public settings view, with imports internal by default (compiled for iOS by .ci/apple).
func publicSettingsScreen() -> some View { PubSettingsView(store: .inMemory()) }
#endif

// Another module's public and package keys, types and settings classes, from nonisolated code, an actor and a
// detached task, in a target that isolates to the main actor by default and imports internally by default.

nonisolated func readPublic(_ store: DefaultsStore) -> String {
    store[.pubCount] += 1
    store[.pubLayout] = .grid
    let settings = PubSettings(store: store)
    settings.pubLevel = .high
    return "public: count=\(store[.pubCount]) layout=\(store[.pubLayout]) level=\(settings.pubLevel.rawValue) width=\(store[.pubFrame].width) keys=\(DefaultsKeys.PublicSettings.all.count)"
}

actor PackageReader {
    func read(_ store: DefaultsStore) -> String {
        store[.pkgTags] = ["b", "a"]
        let settings = PkgSettings(store: store)
        settings.pkgNote = "n"
        return "package: level=\(store[.pkgLevel]) tags=\(store[.pkgTags].sorted()) note=\(settings.pkgNote ?? "nil") frame=\(PkgFrame().layout) keys=\(DefaultsKeys.PackageSettings.all.count)"
    }
}

print(readPublic(publicStore(frame: PubFrame(width: 320, layout: .list))))
print(await PackageReader().read(packageStore(level: .high)))
print(await internalSettingsSummary())
let detached = await Task.detached {
    Defaults[.pubTags] = ["x"]
    let tags = Defaults[.pubTags]
    DefaultsStore.suite("typeddefaults.fixture.configurations").remove(.pubTags)
    return "detached: tags=\(tags.sorted()) after=\(Defaults[.pubTags].sorted())"
}.value
print(detached)
// Another module's keys named like members of the key classes: the instance members still read here.
print(publicMemberNamedKeys(.inMemory()))
print(shadowedNamesSummary(.inMemory()))
print("instance members: \(DefaultsKeys.name.name) \(DefaultsKeys.migrations.defaultValue) \(DefaultsKeys.formerNames.formerNames) \(DefaultsKeys.defaultValue.migrations.count) \(DefaultsKeys.caption.label.title)")
