// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FoldCycle",
    products: [
        .library(name: "FoldCycle", targets: ["FoldCycle"]),
        .executable(name: "foldcycle", targets: ["foldcycle-cli"]),
        .executable(name: "foldcycle-bench", targets: ["foldcycle-bench"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "FoldCycle"),
        .executableTarget(name: "foldcycle-cli", dependencies: ["FoldCycle"]),
        .executableTarget(name: "foldcycle-bench", dependencies: ["FoldCycle"]),
        .executableTarget(
            name: "foldcycle-ticker-example", dependencies: ["FoldCycle"], path: "Examples/TickerExample"),
        .testTarget(name: "FoldCycleTests", dependencies: ["FoldCycle"]),
    ],
    swiftLanguageModes: [.v6]
)
