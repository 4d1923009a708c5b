#!/bin/bash
# Instructions per decode, mapped against unmapped, under callgrind (the figures of
# Docs/Design.md, "Performance techniques"):
#
#     Benchmarks/Scripts/profile_mapped.sh [mode …]
#
# Builds a throwaway release executable in a temporary folder (the library by path, the
# benchmark's twitter and small-object models copied in) and prints (Ir(N = 5) − Ir(N = 0)) / 5
# per mode: one twitter.json decode, or 1 000 decodes of one small object. Needs valgrind.
# Modes report-strict and unknown-keys-strict decode twitter.json strictly with a report, with
# `unknownKeyStrategy` .ignore and .report (what tracking unknown keys costs on a clean payload). Modes
# class-array-strict and class-array-encode decode and encode an array of 1 000 small
# `BridgeObject` subclass instances (whose hooks are always called: Docs/ClassModels.md).
#
# SWIFT_FLAGS passes compiler flags to the release build, each as `-Xswiftc`; the portable build
# (Docs/Design.md, "Runtime/ and CODABLEBRIDGE_PORTABLE"):
#
#     SWIFT_FLAGS=-DCODABLEBRIDGE_PORTABLE Benchmarks/Scripts/profile_mapped.sh
set -euo pipefail
REPO=$(cd "$(dirname "$0")/../.." && pwd)
BENCH="$REPO/Benchmarks/Benchmarks/CodableBridgeBenchmarks"
PAYLOADS="$REPO/Benchmarks/Sources/BenchmarkPayloads"
WORK=$(mktemp -d)
mkdir -p "$WORK/Sources/MapProf"
cp "$PAYLOADS/Models/Twitter.swift" "$BENCH/Mapped/MappedTwitter.swift" "$PAYLOADS/Models/Small.swift" "$WORK/Sources/MapProf/"
sed -i -e 's/^import Benchmark$//' -e 's/^import BenchmarkPayloads$//' "$WORK"/Sources/MapProf/*.swift
cat > "$WORK/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "MapProf",
    dependencies: [.package(name: "CodableBridge", path: "$REPO")],
    targets: [.executableTarget(name: "MapProf", dependencies: [.product(name: "CodableBridge", package: "CodableBridge")])],
    swiftLanguageModes: [.v6]
)
EOF
cat > "$WORK/Sources/MapProf/main.swift" <<'EOF'
import CodableBridge
import Foundation

struct SetupFailure: Error { init(_ text: String) {} }

let mode = CommandLine.arguments[1]
let n = Int(CommandLine.arguments[2]) ?? 5
let twitter = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[3]))
let small = Data(SmallPayload.object(9).utf8)
var strict = BridgeDecoder()
strict.coercion = .strict
strict.missingValueStrategy = .throw
strict.dateDecodingStrategy = .deferredToDate
let lenient = BridgeDecoder()

@inline(never) func sink<T>(_ value: T) { withExtendedLifetime(value) {} }

/// A small class model that overrides no hook.
final class SmallObject: BridgeObject, @unchecked Sendable {
    var id = 0
    var name = ""
    var score = 0.0
    var isActive = false

    private enum CodingKeys: String, CodingKey { case id, name, score, isActive = "is_active" }

    override init() { super.init() }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        score = try container.decode(Double.self, forKey: .score)
        isActive = try container.decode(Bool.self, forKey: .isActive)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(score, forKey: .score)
        try container.encode(isActive, forKey: .isActive)
        try super.encode(to: encoder)
    }
}
/// 1 000 small objects in an array (made only by the modes that use it: the other modes' heap
/// stays as it was without them).
func objects() -> Data {
    Data(("[" + (0..<1000).map { #"{"id":\#($0),"name":"n\#($0)","score":1.5,"is_active":true}"# }.joined(separator: ",") + "]").utf8)
}

/// One warm-up decode (first-use costs), then `times` measured ones.
func run<T: Decodable>(_ type: T.Type, _ decoder: BridgeDecoder, _ data: Data, times: Int) throws {
    for _ in 0...times { sink(try decoder.decode(T.self, from: data)) }
}

switch mode {
case "plain-strict": try run(TwitterSearch.self, strict, twitter, times: n)
case "plain-lenient": try run(TwitterSearch.self, lenient, twitter, times: n)
case "mapped-strict": try run(MappedTwitterSearch.self, strict, twitter, times: n)
case "mapped-lenient": try run(MappedTwitterSearch.self, lenient, twitter, times: n)
case "nokp-strict": try run(MappedTwitterSearchNoKeyPaths.self, strict, twitter, times: n)
case "small-hand-strict": try run(SmallHandwritten.self, strict, small, times: n * 1000)
case "small-mapped-strict": try run(SmallMapped.self, strict, small, times: n * 1000)
case "report-strict", "unknown-keys-strict":
    var tracking = strict
    tracking.unknownKeyStrategy = mode == "report-strict" ? .ignore : .report
    for _ in 0...n {
        var report = DecodingReport()
        sink(try tracking.decode(TwitterSearch.self, from: twitter, report: &report))
        sink(report)
    }
case "class-array-strict": try run([SmallObject].self, strict, objects(), times: n)
case "class-array-encode":
    let list = try strict.decode([SmallObject].self, from: objects())
    let encoder = BridgeEncoder()
    for _ in 0...n { sink(try encoder.encode(list)) }
case "small-hand": try run(SmallHandwritten.self, lenient, small, times: n * 1000)
case "small-mapped": try run(SmallMapped.self, lenient, small, times: n * 1000)
default: fatalError("unknown mode \(mode)")
}
EOF
FLAGS=()
for flag in ${SWIFT_FLAGS:-}; do FLAGS+=(-Xswiftc "$flag"); done
(cd "$WORK" && swift build -c release "${FLAGS[@]}" >/dev/null)
instructions() {
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$WORK/cg.$1.$2.out" \
        "$WORK/.build/release/MapProf" "$1" "$2" "$PAYLOADS/Resources/twitter.json" 2>&1 | grep -o "Collected : [0-9]*" | grep -o "[0-9]*"
}
MODES=("$@")
[ ${#MODES[@]} -gt 0 ] || MODES=(plain-strict mapped-strict plain-lenient mapped-lenient nokp-strict small-hand-strict small-mapped-strict)
for mode in "${MODES[@]}"; do
    base=$(instructions "$mode" 0)
    five=$(instructions "$mode" 5)
    echo "$mode $(( (five - base) / 5 ))"
done
echo "callgrind files (for callgrind_annotate): $WORK"
