// swift-tools-version: 6.0
import PackageDescription

// The CodableBridge fuzz targets (libFuzzer).
//
// A separate package so the library stays dependency-free and its tests stay fast. `swift build`
// here compiles the targets into `codablebridge-fuzz`, a replay tool that runs a target over
// files without libFuzzer (reproduce a crash, check a corpus):
//
//     cd Fuzz && swift build
//     .build/debug/codablebridge-fuzz parse Corpus/parse/*          # replay files
//
// Fuzzing itself needs `-sanitize=fuzzer,address`, which a SwiftPM executable cannot link (libFuzzer
// brings its own `main`), so ../Scripts/fuzz.sh builds the same sources with `swiftc`:
//
//     Scripts/fuzz.sh parse 60                                        # from the repository root
//
// See ../Docs/Reliability.md.
let package = Package(
    name: "CodableBridgeFuzz",
    products: [
        .executable(name: "codablebridge-fuzz", targets: ["CodableBridgeFuzz"]),
    ],
    dependencies: [
        .package(name: "CodableBridge", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "CodableBridgeFuzz",
            dependencies: [.product(name: "CodableBridge", package: "CodableBridge")],
            path: "Sources/CodableBridgeFuzz"
        ),
    ],
    swiftLanguageModes: [.v6]
)
