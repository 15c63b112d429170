// swift-tools-version:6.0
import PackageDescription

// The targets keep the layers apart (see docs/decisions/0007-targets.md):
// - FoldCyclePlatform: the platform layer, the package's one door to the C library (Glibc or
//   Darwin, which it re-exports) and its locks; every module imports it `internal` (or
//   `package`), so libc reaches no embedder (docs/decisions/0090-libc-stays-inside.md).
// - FoldCycleCore: pure math and state (geometry, timing, transitions, the cycler, clocks);
//   no cells, no terminal.
// - FoldCycleImageIO: the picture decoders (PNG, JPEG) from bytes to RGBA, with no system library
//   (docs/decisions/0150-pictures-decoded-in-swift.md).
// - FoldCycle: cells to bytes (text, buffers, colour, compositing, scenes, encoding, output,
//   the terminal session and the player); re-exports FoldCycleCore and FoldCycleImageIO.
// - FoldCycleOptions: command-line options (declarations, splitter, reader, help rows), shared
//   by the CLI and the bench; depends only on FoldCycleCore (for shortestDecimalText).
// - FoldCycleCLI: the `foldcycle` tool as a library, unit-tested; `foldcycle-cli` is its thin
//   executable.
// The product's modules see only the members of the modules each file imports, so a file on
// FoundationEssentials cannot call an NSString method that another file's `import Foundation`
// brought in (which would link CoreFoundation and ICU: docs/decisions/0012-foundation-essentials.md).
let product: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "FoldCycle",
    // Linux needs no entry. On macOS (written for, not yet tested on one): 15, the true minimum of
    // the package, since `platforms` holds for every target: the bench's `Mutex`
    // (Synchronization) is macOS 15. The library's lock-guarded models use FoldCycleCore's own
    // pthread `Lock` (any macOS); AsyncStream and Dispatch need only 10.15.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FoldCycle", targets: ["FoldCycle"]),
        .executable(name: "foldcycle", targets: ["foldcycle-cli"]),
        .executable(name: "foldcycle-bench", targets: ["foldcycle-bench"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "FoldCyclePlatform", swiftSettings: product),
        // The picture decoders (PNG, JPEG) in Swift, reading bytes only: no libc, no system library.
        .target(name: "FoldCycleImageIO", swiftSettings: product),
        .target(
            name: "FoldCycleCore", dependencies: ["FoldCycleImageIO", "FoldCyclePlatform"], swiftSettings: product),
        .target(
            name: "FoldCycle", dependencies: ["FoldCycleCore", "FoldCycleImageIO", "FoldCyclePlatform"],
            swiftSettings: product),
        // The command-line options (declarations, splitter, reader): the CLI's and the bench's.
        .target(name: "FoldCycleOptions", dependencies: ["FoldCycleCore"], swiftSettings: product),
        .target(
            name: "FoldCycleCLI", dependencies: ["FoldCycle", "FoldCycleOptions", "FoldCyclePlatform"],
            swiftSettings: product),
        .executableTarget(
            name: "foldcycle-cli", dependencies: ["FoldCycle", "FoldCycleCLI", "FoldCyclePlatform"],
            swiftSettings: product),
        // The workshop, apart from the product and the tests' support: the bench measures bytes
        // against FoldCycleByteFloor's OutputLowerBound (tested by FoldCycleTests).
        .target(name: "FoldCycleByteFloor", dependencies: ["FoldCycle"]),
        .executableTarget(
            name: "foldcycle-bench",
            dependencies: ["FoldCycle", "FoldCycleByteFloor", "FoldCycleOptions", "FoldCyclePlatform"]),
        .executableTarget(
            name: "foldcycle-ticker-example", dependencies: ["FoldCycle"], path: "Examples/TickerExample"),
        .executableTarget(
            name: "foldcycle-early-exit-example", dependencies: ["FoldCycle"], path: "Examples/EarlyExitExample"),
        .target(name: "FoldCycleTestSupport", dependencies: ["FoldCycle", "FoldCyclePlatform"]),
        // The fuzz targets (docs/DESIGN.md#fuzzing) and their executable: `scripts/fuzz TARGET SECONDS`
        // builds it with -sanitize=fuzzer,address; a normal build replays corpora with it.
        .target(name: "FoldCycleFuzzing", dependencies: ["FoldCycleCLI", "FoldCycleTestSupport"]),
        .executableTarget(name: "foldcycle-fuzz", dependencies: ["FoldCycle", "FoldCycleFuzzing"]),
        // A host that crashes while it draws: the e2e tests of the crash rescue run it.
        .executableTarget(
            name: "foldcycle-crash-host", dependencies: ["FoldCycle", "FoldCyclePlatform"], path: "Tests/CrashHost"),
        .testTarget(
            name: "FoldCycleTests",
            dependencies: ["FoldCycle", "FoldCycleTestSupport", "FoldCycleByteFloor", "FoldCyclePlatform"],
            // Read through #filePath, not as a bundle resource.
            exclude: ["Fixtures"]),
        .testTarget(
            name: "FoldCycleCLITests",
            dependencies: [
                "FoldCycleCLI", "FoldCycleOptions", "FoldCycleTestSupport", "FoldCycleFuzzing", "FoldCyclePlatform",
            ],
            // Read through #filePath, not as a bundle resource.
            exclude: ["Snapshots"]),
    ],
    swiftLanguageModes: [.v6]
)
