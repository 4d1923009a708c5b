// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "CodableBridge",
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
