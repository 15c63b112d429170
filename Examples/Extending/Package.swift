// swift-tools-version:6.0
import PackageDescription

// Extending FoldCycle from outside its package: these targets see only its public API (a target
// inside the package could reach `package` declarations too). The test command builds and runs
// them (`swift build --package-path Examples/Extending`).
let package = Package(
    name: "Extending",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "FoldCycle", path: "../..")],
    targets: [
        .executableTarget(
            name: "custom-transition", dependencies: [.product(name: "FoldCycle", package: "FoldCycle")],
            path: "CustomTransition"),
        .executableTarget(
            name: "custom-scene", dependencies: [.product(name: "FoldCycle", package: "FoldCycle")],
            path: "CustomScene"),
    ],
    swiftLanguageModes: [.v6]
)
