// swift-tools-version: 6.0
// A library whose schema has "access": "public", used by a second target that has a schema of its own.
import PackageDescription

let package = Package(
    name: "SharedSettings",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "TypedDefaults", path: "../..")],
    targets: [
        .target(
            name: "SettingsKit",
            dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults")],
            plugins: [.plugin(name: "TypedDefaultsPlugin", package: "TypedDefaults")]
        ),
        .executableTarget(
            name: "SettingsClient",
            dependencies: ["SettingsKit", .product(name: "TypedDefaults", package: "TypedDefaults")],
            plugins: [.plugin(name: "TypedDefaultsPlugin", package: "TypedDefaults")]
        ),
    ]
)
