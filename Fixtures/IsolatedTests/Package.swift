// swift-tools-version: 6.0
// A library whose own tests use TypedDefaultsTesting: the `.isolatedDefaults` trait (Swift Testing) and the
// `withIsolatedDefaults` pattern for XCTest. Run with `swift test` by EndToEndTests.
import PackageDescription

let package = Package(
    name: "IsolatedTests",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "TypedDefaults", path: "../..")],
    targets: [
        .target(
            name: "Counter",
            dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults")],
            plugins: [.plugin(name: "TypedDefaultsPlugin", package: "TypedDefaults")]
        ),
        .testTarget(
            name: "CounterTests",
            dependencies: [
                "Counter",
                .product(name: "TypedDefaults", package: "TypedDefaults"),
                .product(name: "TypedDefaultsTesting", package: "TypedDefaults"),
            ]
        ),
    ]
)
