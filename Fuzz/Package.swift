// swift-tools-version:6.0
// The fuzzer: libFuzzer drives NavLab's parser and engine (`make fuzz`, see README.md).
// A package of its own so that the main package never builds with -sanitize=fuzzer.
import PackageDescription

let package = Package(
    name: "NavLabFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "NavLab", path: ".."),
    ],
    targets: [
        // libFuzzer's LLVMFuzzerRunDriver, declared for Swift.
        .systemLibrary(name: "CLibFuzzer"),
        .executableTarget(
            name: "NavLabFuzz",
            dependencies: [
                .product(name: "NavLabCommands", package: "NavLab"),
                .product(name: "NavLabCore", package: "NavLab"),
                "CLibFuzzer",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
