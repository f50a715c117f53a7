// swift-tools-version: 6.0
// Build cost, side by side (BENCHMARKS.md, session 11): the baseline, the same 20 settings written by hand over
// `UserDefaults`, no settings library. How it is measured: BENCHMARKS.md.
import PackageDescription

let package = Package(
    name: "PlainSettings",
    platforms: [.macOS(.v14)],
    targets: [
        .executableTarget(name: "Settings"),
    ]
)
