// swift-tools-version: 6.1
import PackageDescription

// The CodableBridge benchmark suite (ordo-one/benchmark, formerly package-benchmark).
//
// A separate package so the library itself stays dependency-free:
//
//     cd Benchmarks && swift build                                 # what CI checks
//     cd Benchmarks && swift package --disable-sandbox benchmark   # run it
//
// - The library is named explicitly: a path dependency's identity is otherwise its folder's name
//   (wt-bench, main, a CI clone's name…), which `.product(package:)` could not spell.
// - ordo-one/benchmark is referenced by its current name: the legacy `package-benchmark` URL
//   works too but prints a deprecation warning on every run.
// - Only the MallocInterposer trait is enabled (malloc counts); tools-version 6.1 is needed for
//   traits.
//
// See README.md in this folder.
let package = Package(
    name: "CodableBridgeBenchmarks",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "first-decode", targets: ["FirstDecode"]),
        .executable(name: "shared-retains", targets: ["SharedRetains"]),
        .executable(name: "scale", targets: ["Scale"]),
        .executable(name: "threads", targets: ["Threads"]),
    ],
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
                "BenchmarkPayloads",
                "FirstDecodeModels",
            ],
            path: "Benchmarks/CodableBridgeBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        // The five payloads (resources), their models and the generated large documents, shared by
        // the suite and the `scale` runner.
        .target(
            name: "BenchmarkPayloads",
            dependencies: [.product(name: "CodableBridge", package: "CodableBridge")],
            path: "Sources/BenchmarkPayloads",
            resources: [.copy("Resources")]
        ),
        // Time and peak memory per MB from 1 to 100 MB, each size in fresh processes, sizes
        // alternated over rounds (Sources/Scale/main.swift).
        .executableTarget(
            name: "Scale",
            dependencies: ["BenchmarkPayloads", .product(name: "CodableBridge", package: "CodableBridge")],
            path: "Sources/Scale"
        ),
        // Scaling from 1 to 2 (or K) threads, measured in back-to-back pairs
        // (Sources/Threads/main.swift).
        .executableTarget(
            name: "Threads",
            dependencies: ["BenchmarkPayloads", .product(name: "CodableBridge", package: "CodableBridge")],
            path: "Sources/Threads"
        ),
        // 1 000 + 1 000 generated model types for the first-decode measurements
        // (Scripts/generate_first_decode_models.py), and a runner that prints them per type.
        .target(
            name: "FirstDecodeModels",
            dependencies: [.product(name: "CodableBridge", package: "CodableBridge")],
            path: "Sources/FirstDecodeModels"
        ),
        .executableTarget(
            name: "FirstDecode",
            dependencies: ["FirstDecodeModels"],
            path: "Sources/FirstDecode"
        ),
        // Objects whose reference counts two threads both write (Scripts/shared-retains.sh).
        .executableTarget(
            name: "SharedRetains",
            dependencies: [.product(name: "CodableBridge", package: "CodableBridge")],
            path: "Sources/SharedRetains"
        ),
    ],
    swiftLanguageModes: [.v6]
)
