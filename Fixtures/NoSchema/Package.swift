// swift-tools-version: 6.0
// Must fail to build: see Tests/EndToEndTests.
import PackageDescription

let package = Package(
    name: "NoSchema",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "TypedDefaults", path: "../..")],
    targets: [
        .executableTarget(
            name: "NoSchema",
            dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults")],
            plugins: [.plugin(name: "TypedDefaultsPlugin", package: "TypedDefaults")]
        ),
    ]
)
