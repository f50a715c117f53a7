// swift-tools-version: 6.0
// An app whose settings live in an app-group suite, with a record type, an Int enum and a set.
import PackageDescription

let package = Package(
    name: "AppGroupSettings",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "TypedDefaults", path: "../..")],
    targets: [
        .executableTarget(
            name: "AppGroupSettings",
            dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults")],
            plugins: [.plugin(name: "TypedDefaultsPlugin", package: "TypedDefaults")]
        ),
    ]
)
