// swift-tools-version: 6.0
// An app whose schema names a settings class: the build plugin generates it, and the app observes it.
import PackageDescription

let package = Package(
    name: "ObservableSettings",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "TypedDefaults", path: "../..")],
    targets: [
        .executableTarget(
            name: "ObservableSettings",
            dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults")],
            plugins: [.plugin(name: "TypedDefaultsPlugin", package: "TypedDefaults")]
        ),
    ]
)
