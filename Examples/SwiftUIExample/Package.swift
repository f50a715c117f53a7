// swift-tools-version: 6.1
// The README's SwiftUI snippets as an app that compiles: built by the macOS job of .github/workflows/ci.yml
// (SwiftUI exists on Apple platforms only). A Linux test checks that every SwiftUI snippet of the README and
// the DocC articles appears in these sources, so they cannot drift apart.
import PackageDescription

let package = Package(
    name: "SwiftUIExample",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(name: "TypedDefaults", path: "../..")],
    targets: [
        .executableTarget(
            name: "SwiftUIExample",
            dependencies: [.product(name: "TypedDefaults", package: "TypedDefaults"),
                           .product(name: "TypedDefaultsSync", package: "TypedDefaults")],
            plugins: [.plugin(name: "TypedDefaultsPlugin", package: "TypedDefaults")]
        ),
    ]
)
