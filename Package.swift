// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "CodableBridge",
    // The lowest systems the code supports: Swift concurrency (`AsyncSequence` for JSON Lines)
    // needs macOS 10.15 / iOS 13; newer APIs are behind `#available` (Docs/Design.md, "Apple platforms").
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "CodableBridge", targets: ["CodableBridge"]),
        .library(name: "CodableBridgeCoercion", targets: ["CodableBridgeCoercion"]),
        .executable(name: "bridge-demo", targets: ["bridge-demo"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "CodableBridgeCoercion"),
        .target(name: "CodableBridge", dependencies: ["CodableBridgeCoercion"]),
        .executableTarget(
            name: "bridge-demo",
            dependencies: ["CodableBridge"],
            path: "Examples/bridge-demo",
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "CodableBridgeTests",
            dependencies: ["CodableBridge"],
            resources: [.copy("Resources")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
