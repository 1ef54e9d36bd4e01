// swift-tools-version:6.2
// 6.2: Hummingbird 2.28.1 and swift-log 1.16.2 declare it; on a Mac that is Xcode 26.
import PackageDescription

// libedit and zlib: on Linux through pkg-config (Debian's libedit-dev and zlib1g-dev); on a
// Mac both, headers included, are in the SDK, where pkg-config has no file for them.
#if os(Linux)
let editLine = Target.systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])])
let zlib = Target.systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])])
#else
let editLine = Target.systemLibrary(name: "CEditLine")
let zlib = Target.systemLibrary(name: "CZlib")
#endif

let package = Package(
    name: "NavLab",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "navlab", targets: ["navlab"]),
        .library(name: "NavLabCore", targets: ["NavLabCore"]),
        .library(name: "NavLabCommands", targets: ["NavLabCommands"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Without its default trait ConfigurationSupport (swift-configuration, which NavLab does not
        // use): about 40 CPU-seconds less in a first debug build here. FullFoundation, its other
        // default, stays on.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Already under Hummingbird; named for the server's slow-client guard (a NIO channel handler).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    ],
    targets: [
        // The pure engine: (State, Command) -> (State, [Event]). No I/O, no clock, no globals.
        .target(name: "NavLabCore"),
        // The one verb table, the parser, the Session (timeline, undo), `expect`, and the page's
        // document and patches. Like NavLabCore, it also builds for the browser (Embedded Swift,
        // wasm32: `make wasm`), so neither imports Foundation nor uses Codable, key paths,
        // `any` or untyped `throws`.
        .target(name: "NavLabCommands", dependencies: ["NavLabCore"]),
        // The native host's page session (NavLabCommands' PageSession) under a lock: the prompt
        // and the page on one Session, with the fan-out of its lines to every event stream.
        .target(name: "NavLabHub", dependencies: ["NavLabCommands"]),
        // The browser host: the C ABI (`navlab_*`) the page's Web Worker calls, around the same
        // PageSession. Built here so that `swift build` type-checks it and its tests run
        // natively; Web/build.sh compiles the same files into the WebAssembly modules.
        .target(name: "NavLabBrowser", dependencies: ["NavLabCommands"], path: "Web/Sources"),
        // The shell's edge: each app's archive and defaults on disk under $NAVLAB_HOME.
        .target(name: "NavLabStore", dependencies: ["NavLabCommands"]),
        // libedit, for the prompt, and zlib, to keep the page's files gzip-compressed.
        editLine,
        zlib,
        // The page: static files from Public/, the state, Server-Sent Events, commands.
        .target(
            name: "NavLabServer",
            dependencies: [
                "NavLabCommands",
                "NavLabHub",
                "CZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ]
        ),
        // The shell: the prompt, run / check / play.
        .executableTarget(
            name: "navlab",
            dependencies: [
                "NavLabCommands",
                "NavLabHub",
                "NavLabServer",
                "NavLabStore",
                "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `make bench`: measures, never asserts.
        .executableTarget(name: "NavLabBench", dependencies: ["NavLabCommands"]),
        // `make bench`: command → Server-Sent Event latency.
        .executableTarget(name: "NavLabServerBench", dependencies: ["NavLabServer"]),
        // Seeded random command lines, shared by the test targets (never linked into navlab).
        .target(name: "NavLabTestSupport", dependencies: ["NavLabCore"]),
        .testTarget(name: "NavLabCoreTests", dependencies: ["NavLabCore", "NavLabCommands"]),
        .testTarget(name: "NavLabCommandsTests", dependencies: ["NavLabCommands", "NavLabHub", "NavLabTestSupport"]),
        // Archives/: archive files as earlier versions of NavLab wrote them, read by the tests.
        .testTarget(name: "NavLabStoreTests", dependencies: ["NavLabStore"], exclude: ["Archives"]),
        .testTarget(name: "NavLabBrowserTests", dependencies: ["NavLabBrowser", "NavLabCommands"]),
        .testTarget(
            name: "NavLabServerTests",
            // No HummingbirdTesting: its HTTP client, TLS (BoringSSL) and HTTP/2 were most of a
            // first build. TestClient.swift hands requests to the router; live tests bind a port.
            dependencies: ["NavLabServer", "NavLabTestSupport", .product(name: "NIOEmbedded", package: "swift-nio")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
