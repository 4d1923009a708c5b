#!/usr/bin/env bash
# Builds the DocC documentation of the CodableBridge module with the toolchain's own `docc`
# (no swift-docc-plugin dependency), treating every DocC warning as an error.
#
#     Scripts/docs.sh                 # → .build-docs/CodableBridge.doccarchive
#     Scripts/docs.sh --static out/   # a static website in out/ (for GitHub Pages and the like)
#
# Steps: build the library with symbol graphs (in a scratch path of its own, so the main .build is
# not rebuilt with different flags), check that every public symbol is documented and curated
# (Scripts/check-docs.py), keep the graphs of the CodableBridge module (which include the
# re-exported CodableBridgeCoercion symbols), convert the catalog
# Sources/CodableBridge/CodableBridge.docc with them.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-docs
graphs="$scratch/symbol-graphs"
output="$scratch/CodableBridge.doccarchive"
static=()
if [[ "${1:-}" == "--static" ]]; then
    output="${2:?usage: Scripts/docs.sh --static <output-dir>}"
    static=(--transform-for-static-hosting)
fi

docc_tool="$(dirname "$(command -v swift)")/docc"
[[ -x "$docc_tool" ]] || docc_tool="$(command -v docc)"

# Symbol graphs are written while compiling, so the library is compiled from scratch every time
# (about half a minute). The compiler's graphs, unlike `swift package dump-symbol-graph`'s,
# include the re-exported CodableBridgeCoercion symbols that `import CodableBridge` gives.
rm -rf "$scratch"
mkdir -p "$graphs/all" "$graphs/CodableBridge"
if ! swift build --scratch-path "$scratch" --target CodableBridge \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs/all" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public > "$scratch/build.log" 2>&1; then
    cat "$scratch/build.log"
    exit 1
fi
# Every public symbol has a doc comment and every top-level one is under a topic.
python3 Scripts/check-docs.py "$graphs/all"
# Only this module's graphs (CodableBridge.symbols.json and its extension graphs such as
# CodableBridge@Swift.symbols.json); CodableBridgeCoercion's types are linked by name.
cp "$graphs"/all/CodableBridge.symbols.json "$graphs"/all/CodableBridge@*.symbols.json "$graphs/CodableBridge/" 2>/dev/null || true

rm -rf "$output"
"$docc_tool" convert Sources/CodableBridge/CodableBridge.docc \
    --additional-symbol-graph-dir "$graphs/CodableBridge" \
    --fallback-display-name CodableBridge \
    --fallback-bundle-identifier org.codablebridge.CodableBridge \
    --output-path "$output" \
    --warnings-as-errors \
    "${static[@]}"
echo "Documentation: $output"
