// swift-tools-version: 6.2
import PackageDescription

// An app target as Xcode 26 creates it: every declaration main-actor isolated by default, Swift 6
// language mode. Its models (structs, enums, BridgeObject subclasses) are decoded and encoded on
// the main actor and inside `Task.detached`; `.ci/run` builds it with warnings as errors and runs
// it (Docs/ClassModels.md, "Main-actor-by-default targets").
let package = Package(
    name: "MainActorFixture",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "CodableBridge", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "MainActorFixture",
            dependencies: [.product(name: "CodableBridge", package: "CodableBridge")],
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
