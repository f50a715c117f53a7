// swift-tools-version: 6.0
// An app and its widget sharing keys the recommended way: one schema in a library target with "access": "public"
// and "keyList": "AppSettings" (the key list is not named after the target), keys in an app group suite; the app
// writes, the widget (another process) reads.
import PackageDescription

let package = Package(
    name: "AppAndWidget",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "TypedDefaults", path: "../..")],
    targets: [
        .target(
            name: "ShareKit",
            dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults")],
            plugins: [.plugin(name: "TypedDefaultsPlugin", package: "TypedDefaults")]
        ),
        .executableTarget(name: "ShareApp", dependencies: ["ShareKit", .product(name: "TypedDefaults", package: "TypedDefaults")]),
        .executableTarget(name: "ShareWidget", dependencies: ["ShareKit", .product(name: "TypedDefaults", package: "TypedDefaults")]),
    ]
)
