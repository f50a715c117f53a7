// swift-tools-version: 6.0
// For teams that commit generated code: no build plugin; the command plugin writes the keys into the sources.
import PackageDescription

let package = Package(
    name: "CommittedKeys",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "TypedDefaults", path: "../..")],
    targets: [
        .executableTarget(
            name: "CommittedKeys",
            dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults")],
            exclude: ["defaults.json"]
        ),
    ]
)
