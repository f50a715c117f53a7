// swift-tools-version: 6.0
// A basic app: one executable target whose keys come from its defaults.json through the build plugin. It has
// resources (a Localizable.strings), so the plugin translates the schema's titles through `Bundle.module`.
import PackageDescription

let package = Package(
    name: "BasicApp",
    defaultLocalization: "en",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "TypedDefaults", path: "../..")],
    targets: [
        .executableTarget(
            name: "BasicApp",
            dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults")],
            plugins: [.plugin(name: "TypedDefaultsPlugin", package: "TypedDefaults")]
        ),
    ]
)
