// swift-tools-version: 6.0
// An app at "version 1" with key families; EndToEndTests records the release, stores members, swaps in Versions/2
// (a family renamed with "renamedFrom") and checks every member arrives, and that Versions/2-unmigrated fails the build.
import PackageDescription

let package = Package(
    name: "FamilyUpgrade",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "TypedDefaults", path: "../..")],
    targets: [
        .executableTarget(
            name: "FamilyUpgrade",
            dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults")],
            plugins: [.plugin(name: "TypedDefaultsPlugin", package: "TypedDefaults")]
        ),
    ]
)
