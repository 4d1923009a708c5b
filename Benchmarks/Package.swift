// swift-tools-version: 6.1
import PackageDescription

// The CodableBridge benchmark suite (ordo-one/package-benchmark).
//
// A separate package so the library itself stays dependency-free:
//
//     cd Benchmarks && swift package --disable-sandbox benchmark
//
// See README.md in this folder.
let package = Package(
    name: "CodableBridgeBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "CodableBridge", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "CodableBridgeBenchmarks",
            dependencies: [
                .product(name: "CodableBridge", package: "CodableBridge"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/CodableBridgeBenchmarks",
            resources: [.copy("Resources")],
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
