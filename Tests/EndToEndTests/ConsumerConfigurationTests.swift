import Foundation
import TestSupport
import Testing

// The fixture's manifest needs tools version 6.2 (`.defaultIsolation`, `.strictMemorySafety()`); the package itself
// supports 6.1, whose users run this suite without it.
#if compiler(>=6.2)

/// Generated code is compiled with the consumer's settings, not ours: the `ConsumerConfigurations` fixture has a
/// target per configuration apps and libraries use (Swift 5 and 6 modes, default MainActor isolation, imports
/// internal by default at each access level, strict memory safety with warnings as errors), each using the keys,
/// enums, record and settings class from nonisolated code, an actor and a detached task.
@Suite(.serialized) struct ConsumerConfigurationTests {
    static let fixture = "ConsumerConfigurations"
    static let applications = ["Swift6Mode", "Swift5Mode", "MainActorByDefault", "StrictSafety"]

    /// How many of a schema's keys of Apple's colour types this platform compiles (`SwiftUI`, `CoreGraphics` and
    /// `UIKit` ones): the key lists count only those; on Linux none.
    static func colorKeys(swiftUI: Int, coreGraphics: Int, uiKit: Int) -> Int {
        var count = 0
        #if canImport(SwiftUI)
        count += swiftUI
        #endif
        #if canImport(CoreGraphics)
        count += coreGraphics
        #endif
        #if canImport(UIKit)
        count += uiKit
        #endif
        return count
    }

    static let applicationOutput = """
        count=2 mode=compact quality=1 pinned=true favorites=[1, 2, 3] user=ann volume=1.0 theme=dark level=0 query=inbox:5 keys=\(18 + colorKeys(swiftUI: 3, coreGraphics: 1, uiKit: 1))
        actor: quality=high mode=regular x=4.0
        detached: count=42 favorites=[9] after=0 group=2 in typeddefaults.fixture.configurations.runtime
        main: count=2 case=2 placement=1.0 query=20 themes=2
        sync: ["username", "mode"] user=synced mode=compact count=0 pending=false synced=true
        titles: ["Name", "Identifier", "Date Added"] ids=3 case=title label=Show Tips/Whether hints are shown. model=no tips, sorted by Date Added -> tips, sorted by Date Added welcome=true

        """

    static let librariesOutput = """
        public: count=1 layout=grid level=2 width=320.0 keys=\(14 + colorKeys(swiftUI: 2, coreGraphics: 2, uiKit: 1))
        package: level=high tags=["a", "b"] note=n frame=grid keys=\(6 + colorKeys(swiftUI: 1, coreGraphics: 1, uiKit: 0))
        internal: count=100 layout=list level=high tags=["a"] keys=6
        detached: tags=["x"] after=[]
        members: window=320x480.5 stored={320, 480.5} migrations=["v2": true] name=ann defaultValue=2 formerNames=["x"] greetings=["hi", "yo", "hi"]
        shadowed: since=1704067200 last=86400 home=example.com id=E621E1F8 blob=3 delay=0.0 mirrors=1 visits=1 seen=1 anything=2 keys=9
        instance members: name [:] [] 0 Caption

        """

    /// A scratch path of its own: this fixture's manifest (tools 6.2) builds the package with other settings
    /// than the other fixtures', and sharing their scratch path would rebuild the generator between the two
    /// builds of the no-op build test.
    static let scratchPath = FixtureBuilder.root.appendingPathComponent(".build-fixtures-configurations")

    @Test(arguments: ["debug", "release"])
    func everyConfigurationBuildsWithoutWarningsAndRunsOffTheMainActor(configuration: String) throws {
        let build = try runSwift("build", package: FixtureBuilder.fixture(Self.fixture),
                                 ["--scratch-path", Self.scratchPath.path] + (configuration == "debug" ? [] : ["-c", configuration]))
        #expect(build.status == 0, "\(build.output)")
        #expect(!build.output.contains("warning:"), "\(build.output)")
        guard build.status == 0 else { return }
        for product in Self.applications {
            let run = try runProcess(Self.scratchPath.appendingPathComponent("\(configuration)/\(product)"), [])
            #expect(run.status == 0, "\(product): \(run.output)")
            #expect(run.output == Self.applicationOutput, "\(product)")
        }
        let client = try runProcess(Self.scratchPath.appendingPathComponent("\(configuration)/StrictImportsClient"), [])
        #expect(client.output == Self.librariesOutput)
    }
}
#endif
