// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "NavLab",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "navlab", targets: ["navlab"]),
        .library(name: "NavLabCore", targets: ["NavLabCore"]),
        .library(name: "NavLabCommands", targets: ["NavLabCommands"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The pure engine: (State, Command) -> (State, [Event]). No I/O, no clock, no globals.
        .target(name: "NavLabCore"),
        // The one verb table, the parser, the Session (timeline, undo) and `expect`.
        .target(name: "NavLabCommands", dependencies: ["NavLabCore"]),
        // The shell: run / check / the prompt.
        .executableTarget(
            name: "navlab",
            dependencies: [
                "NavLabCommands",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `make bench`: measures, never asserts.
        .executableTarget(name: "NavLabBench", dependencies: ["NavLabCommands"]),
        .testTarget(name: "NavLabCoreTests", dependencies: ["NavLabCore", "NavLabCommands"]),
        .testTarget(name: "NavLabCommandsTests", dependencies: ["NavLabCommands"]),
    ],
    swiftLanguageModes: [.v6]
)
