// swift-tools-version: 6.0
// Build cost, side by side (BENCHMARKS.md, session 11): the 20 settings through TypedDefaults, as a consumer writes
// them — a `defaults.json` in the target and the build plugin, TypedDefaults by path. How it is measured: BENCHMARKS.md.
import PackageDescription

let package = Package(
    name: "TypedDefaultsSettings",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "TypedDefaults", path: "../../..")],
    targets: [
        .executableTarget(
            name: "Settings",
            dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults")],
            plugins: [.plugin(name: "TypedDefaultsPlugin", package: "TypedDefaults")]
        ),
    ]
)
