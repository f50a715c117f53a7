// swift-tools-version: 6.1
// Reads measured as users build them: a separate package, depending on TypedDefaults by path, in release.
// `swift run -c release --package-path Benchmarks/ConsumerRead`; results in BENCHMARKS.md (section 9).
import PackageDescription

let package = Package(
    name: "ConsumerRead",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "TypedDefaults", path: "../..")],
    targets: [
        .executableTarget(name: "ConsumerRead", dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults")]),
        .executableTarget(name: "CostProbe", dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults")]),
        .executableTarget(name: "SideBySide", dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults")]),
    ]
)
