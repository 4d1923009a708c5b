// swift-tools-version: 6.2
import PackageDescription

// A Hummingbird 2 server whose request bodies are decoded by BridgeDecoder and whose responses are
// written by BridgeEncoder. Its own package: the CodableBridge library has no dependencies.
let package = Package(
    name: "HummingbirdServer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "bridge-server", targets: ["bridge-server"]),
    ],
    dependencies: [
        .package(name: "CodableBridge", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
    ],
    targets: [
        .target(
            name: "BridgeServer",
            dependencies: [
                .product(name: "CodableBridge", package: "CodableBridge"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .executableTarget(name: "bridge-server", dependencies: ["BridgeServer"]),
        .testTarget(
            name: "BridgeServerTests",
            dependencies: [
                "BridgeServer",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
