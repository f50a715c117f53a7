// swift-tools-version: 6.0
// An app whose schema declares a Settings bundle, written by the generate-settings-bundle command plugin.
import PackageDescription

let package = Package(
    name: "SettingsBundleApp",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "TypedDefaults", path: "../..")],
    targets: [
        .executableTarget(
            name: "SettingsBundleApp",
            dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults")],
            plugins: [.plugin(name: "TypedDefaultsPlugin", package: "TypedDefaults")]
        ),
    ]
)
