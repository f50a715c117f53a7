// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "TypedDefaults",
    // Observation (the store is Observable) needs these.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "TypedDefaults", targets: ["TypedDefaults"]),
        // iCloud sync of the keys declared with "iCloud": an app that syncs imports it where it starts `DefaultsSync`.
        .library(name: "TypedDefaultsSync", targets: ["TypedDefaultsSync"]),
        // Swift Testing support (the `.isolatedDefaults` trait): for test targets only.
        .library(name: "TypedDefaultsTesting", targets: ["TypedDefaultsTesting"]),
        // Test doubles (the in-memory iCloud account): for tests, fixtures and demo modes, not for shipping.
        .library(name: "TypedDefaultsTestDoubles", targets: ["TypedDefaultsTestDoubles"]),
        .plugin(name: "TypedDefaultsPlugin", targets: ["TypedDefaultsPlugin"]),
        .plugin(name: "GenerateDefaultsKeys", targets: ["GenerateDefaultsKeys"]),
        .plugin(name: "GenerateSettingsBundle", targets: ["GenerateSettingsBundle"]),
        .plugin(name: "RecordDefaultsRelease", targets: ["RecordDefaultsRelease"]),
        .executable(name: "typed-defaults-gen", targets: ["typed-defaults-gen"]),
    ],
    targets: [
        // The runtime: typed keys and the store. Foundation everywhere; where they exist (Apple platforms) SwiftUI, for
        // `@Default`'s `$x` binding and `store.binding(_:)`, and Combine, for `publisher(for:)`, so apps that use
        // them need no second product; both ship with every Apple OS the package supports. Its privacy manifest
        // (it uses `UserDefaults`, a "required reason" API) goes into its resource bundle, which Xcode reads into the
        // app's privacy report: copied as it is, at the bundle's root.
        .target(name: "TypedDefaults", dependencies: ["DefaultsFormats", "TypedDefaultsAtomics"], resources: [.copy("PrivacyInfo.xcprivacy")]),
        // One atomic machine word (the compiler's atomics), for the runtime's hot paths: the deployment target rules out
        // Swift's `Synchronization.Atomic` (iOS 18 / macOS 15).
        .target(name: "TypedDefaultsAtomics"),
        // iCloud sync over the runtime: reaches it only through the runtime's `package` declarations (CONTRIBUTING.md,
        // "The sync seam"), so a keys-only app compiles none of it.
        .target(name: "TypedDefaultsSync", dependencies: ["TypedDefaults", "DefaultsFormats"]),
        // What the runtime and the generator must agree on: the ISO 8601 grammar and iCloud's limits (no Foundation).
        .target(name: "DefaultsFormats"),
        // Test support for users' tests; the only target that imports Testing. Re-exports the test doubles.
        .target(name: "TypedDefaultsTesting", dependencies: ["TypedDefaults", "TypedDefaultsTestDoubles"]),
        // Test doubles (`InMemoryCloudAccount`), out of the runtime so apps do not ship them. Not in
        // TypedDefaultsTesting: that imports Testing, which app targets cannot import and the Apple compile (an iOS
        // SDK kit without Testing or XCTest) cannot build, while iOS-compiled fixtures and demo modes use the double;
        // importing only TypedDefaults and Foundation, this builds everywhere.
        .target(name: "TypedDefaultsTestDoubles", dependencies: ["TypedDefaults", "TypedDefaultsSync"]),
        // The generator: read with locations, validate into a model, render Swift. Not on the runtime: a plugin
        // build compiles only this, the tiny shared target and the command line for the host.
        .target(name: "DefaultsSchema", dependencies: ["DefaultsFormats"]),
        .executableTarget(name: "typed-defaults-gen", dependencies: ["DefaultsSchema"]),
        .plugin(
            name: "TypedDefaultsPlugin",
            capability: .buildTool(),
            dependencies: ["typed-defaults-gen"]
        ),
        .plugin(
            name: "GenerateDefaultsKeys",
            capability: .command(
                intent: .custom(verb: "generate-defaults-keys", description: "Write GeneratedDefaultsKeys.swift into each target that has a defaults.json"),
                permissions: [.writeToPackageDirectory(reason: "Writes GeneratedDefaultsKeys.swift next to each defaults.json")]
            ),
            dependencies: ["typed-defaults-gen"]
        ),
        .plugin(
            name: "GenerateSettingsBundle",
            capability: .command(
                intent: .custom(verb: "generate-settings-bundle", description: "Write Settings.bundle and Settings.md for each target whose defaults.json has a settingsBundle"),
                permissions: [.writeToPackageDirectory(reason: "Writes Settings.bundle and Settings.md (and AppConfig.xml with --bundle-id) next to defaults.json, or into --output")]
            ),
            dependencies: ["typed-defaults-gen"]
        ),
        .plugin(
            name: "RecordDefaultsRelease",
            capability: .command(
                intent: .custom(verb: "record-defaults-release", description: "Record what each defaults.json stores as a release, in defaults.releases.json beside it"),
                permissions: [.writeToPackageDirectory(reason: "Writes defaults.releases.json next to defaults.json")]
            ),
            dependencies: ["typed-defaults-gen"]
        ),
        // The demo: an example, not a product clients see; `swift run defaults-demo` runs it from this package.
        .executableTarget(name: "defaults-demo", dependencies: ["TypedDefaults"], plugins: ["TypedDefaultsPlugin"]),
        // Every feature at once, with a watchdog and exact invariants: `swift run defaults-soak --seconds 60`.
        .executableTarget(name: "defaults-soak", dependencies: ["TypedDefaults", "TypedDefaultsSync", "TypedDefaultsTestDoubles"]),
        // Benchmarks: `swift run -c release typed-defaults-bench`; results in BENCHMARKS.md.
        .executableTarget(name: "typed-defaults-bench", dependencies: ["TypedDefaults", "TypedDefaultsSync", "TypedDefaultsTestDoubles", "DefaultsSchema"]),

        // Test support: a child process for the runtime's cross-process tests.
        .executableTarget(name: "defaults-probe", dependencies: ["TypedDefaults"], path: "Tests/DefaultsProbe"),
        .testTarget(name: "TypedDefaultsTests", dependencies: ["TypedDefaults", "TypedDefaultsSync", "TypedDefaultsTestDoubles", "TestSupport", "defaults-probe"]),
        .testTarget(name: "TypedDefaultsTestingTests", dependencies: ["TypedDefaultsTesting", "TypedDefaults", "TestSupport", "defaults-probe"]),
        .testTarget(name: "DefaultsSchemaTests", dependencies: ["DefaultsSchema", "DefaultsFormats"], exclude: ["Schemas"]),
        .testTarget(name: "DefaultsFormatsTests", dependencies: ["DefaultsFormats", "TypedDefaults", "TypedDefaultsSync"]),
        // The command line: argument parsing, exit codes, files written, bad-schema files with their full output.
        .testTarget(name: "GeneratorCLITests", dependencies: ["typed-defaults-gen", "TestSupport"]),
        // Compiles and runs the generator's committed reference output.
        .testTarget(name: "GeneratedReferenceTests", dependencies: ["TypedDefaults", "TypedDefaultsSync", "TypedDefaultsTestDoubles"]),
        // Builds the packages under Fixtures/ with `swift build` and runs them.
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),
        // Documentation checked against the examples under Examples/ (which only Apple platforms compile).
        .testTarget(name: "ExampleTests", dependencies: ["TestSupport"]),
        // Random schemas compiled and run, fuzzed schemas, the store under threads, bad data and SIGKILL.
        .testTarget(name: "RobustnessTests", dependencies: ["DefaultsSchema", "TypedDefaults", "TestSupport", "defaults-probe"]),
        // Running child processes and locating built products, for the test targets above.
        .target(name: "TestSupport", dependencies: ["TypedDefaults", "TestEnvironment"], path: "Tests/TestSupport"),
        // Points the test process's settings home (Linux: XDG_CONFIG_HOME) at a temporary folder before any test.
        .target(name: "TestEnvironment", path: "Tests/TestEnvironment"),
    ]
)
