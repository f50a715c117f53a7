// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TypedDefaults",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "TypedDefaults", targets: ["TypedDefaults"]),
    ],
    targets: [
        .target(name: "TypedDefaults"),
        .target(name: "DefaultsSchema"),
        .executableTarget(name: "typed-defaults-gen", dependencies: ["DefaultsSchema"]),
        .executableTarget(name: "defaults-probe", dependencies: ["TypedDefaults"], path: "Tests/DefaultsProbe"),
        .testTarget(name: "TypedDefaultsTests", dependencies: ["TypedDefaults", "defaults-probe"]),
        .testTarget(name: "DefaultsSchemaTests", dependencies: ["DefaultsSchema"], exclude: ["Schemas"]),
        .testTarget(name: "GeneratedReferenceTests", dependencies: ["TypedDefaults"]),
    ]
)
