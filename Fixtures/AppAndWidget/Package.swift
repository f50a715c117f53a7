// swift-tools-version: 6.0
// An app and its widget sharing keys the recommended way: one schema in a library target with "access": "public"
// and "keyList": "AppSettings" (the key list is not named after the target), keys in an app group suite; the app
// writes, the widget (another process) reads.
import PackageDescription

let package = Package(
    name: "AppAndWidget",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(name: "TypedDefaults", path: "../..")],
    targets: [
        .target(
            name: "ShareKit",
            dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults")],
            plugins: [.plugin(name: "TypedDefaultsPlugin", package: "TypedDefaults")]
        ),
        .executableTarget(name: "ShareApp", dependencies: ["ShareKit", .product(name: "TypedDefaults", package: "TypedDefaults")]),
        // What the widget shows, as plain Swift (run on Linux by ShareWidget), and the WidgetKit widget that draws it
        // (Apple platforms: compiled for iOS by .ci/apple).
        .target(name: "ShareWidgetKit", dependencies: ["ShareKit", .product(name: "TypedDefaults", package: "TypedDefaults")]),
        .executableTarget(name: "ShareWidget", dependencies: ["ShareKit", "ShareWidgetKit", .product(name: "TypedDefaults", package: "TypedDefaults")]),
    ]
)
