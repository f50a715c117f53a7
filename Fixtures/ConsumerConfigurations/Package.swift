// swift-tools-version: 6.2
// One target per compiler configuration that apps and libraries build generated code with. Every executable
// compiles the same schema and the same code (symbolic links to Shared/), which uses the generated keys from
// the main actor, nonisolated functions, an actor and a detached task; the libraries check the generated
// imports at each access level. Built warning-free, in debug and release, by EndToEndTests.
import PackageDescription

let strictImports: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("ExistentialAny"),
]

// The executables compile Shared/exercise.swift, which syncs two devices of the in-memory iCloud account
// (TypedDefaultsTestDoubles, a product that builds for iOS: no Testing).
func app(_ name: String, _ settings: [SwiftSetting]) -> Target {
    .executableTarget(
        name: name,
        dependencies: [
            .product(name: "TypedDefaults", package: "TypedDefaults"),
            .product(name: "TypedDefaultsTestDoubles", package: "TypedDefaults"),
            .product(name: "TypedDefaultsSync", package: "TypedDefaults"),
        ],
        swiftSettings: settings,
        plugins: [.plugin(name: "TypedDefaultsPlugin", package: "TypedDefaults")]
    )
}

func library(_ name: String) -> Target {
    .target(
        name: name,
        dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults")],
        swiftSettings: strictImports,
        plugins: [.plugin(name: "TypedDefaultsPlugin", package: "TypedDefaults")]
    )
}

let package = Package(
    name: "ConsumerConfigurations",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(name: "TypedDefaults", path: "../..")],
    targets: [
        // 1. Swift 6 language mode, the package default.
        app("Swift6Mode", []),
        // 2. Swift 5 language mode.
        app("Swift5Mode", [.swiftLanguageMode(.v5)]),
        // 3. What a new Xcode 26 app target uses.
        app("MainActorByDefault", [
            .defaultIsolation(MainActor.self),
            .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
            .enableUpcomingFeature("InferIsolatedConformances"),
        ]),
        // 5. Strict memory safety, every warning an error.
        app("StrictSafety", [.strictMemorySafety(), .treatAllWarnings(as: .error)]),
        // 4. Imports internal by default, member import visibility, `any` required: one library per access level.
        library("PublicSettings"),
        library("PackageSettings"),
        library("InternalSettings"),
        // 6. A module that declares its own Bundle, Date, URL, UUID, Data and Locale: generated code names Foundation's.
        library("ShadowedNames"),
        .executableTarget(
            name: "StrictImportsClient",
            dependencies: ["PublicSettings", "PackageSettings", "InternalSettings", "ShadowedNames",
                           .product(name: "TypedDefaults", package: "TypedDefaults")],
            swiftSettings: strictImports + [
                .defaultIsolation(MainActor.self),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                .enableUpcomingFeature("InferIsolatedConformances"),
            ]
        ),
    ]
)
