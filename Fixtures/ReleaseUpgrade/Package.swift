// swift-tools-version: 6.0
// An app at "version 1"; EndToEndTests records the release, stores values, swaps in Versions/2 (with
// migrations) and checks every value arrives, and that Versions/2-unmigrated fails the build.
import PackageDescription

let package = Package(
    name: "ReleaseUpgrade",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "TypedDefaults", path: "../..")],
    targets: [
        .executableTarget(
            name: "ReleaseUpgrade",
            dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults")],
            plugins: [.plugin(name: "TypedDefaultsPlugin", package: "TypedDefaults")]
        ),
    ]
)
