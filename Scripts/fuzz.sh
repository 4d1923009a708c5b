#!/usr/bin/env bash
# Builds the CodableBridge fuzz targets with libFuzzer and AddressSanitizer, and runs one.
#
#     Scripts/fuzz.sh TARGET SECONDS [extra libFuzzer flags…]
#     Scripts/fuzz.sh parse 60
#     Scripts/fuzz.sh decode 600 -runs=10000000
#
# TARGET is parse, decode, roundtrip, update, elements, partial, parallel, floats or foundation (see Fuzz/ and Docs/Reliability.md).
#
# SwiftPM cannot link an executable against libFuzzer (libFuzzer brings its own `main`), so this
# script compiles the library with swiftc — CodableBridgeCoercion, then CodableBridge against it,
# both as static libraries with `-sanitize=fuzzer,address` — then the harness in
# Fuzz/Sources/CodableBridgeFuzz against them. Everything goes to .build-fuzz/ (gitignored); the
# library is rebuilt only when a source changed.
#
# The committed seeds in Fuzz/Corpus/TARGET are read, never written: new inputs libFuzzer finds
# go to .build-fuzz/corpus/TARGET, crash files to .build-fuzz/findings/. Reproduce one with
#     CODABLEBRIDGE_FUZZ_TARGET=TARGET .build-fuzz/codablebridge-fuzz CRASH_FILE
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ $# -lt 2 ]]; then
    echo "usage: $0 TARGET SECONDS [libFuzzer flags…]   (TARGET: parse, decode, roundtrip, update, elements, partial, parallel, floats, foundation)" >&2
    exit 2
fi
target=$1 seconds=$2
shift 2

build=.build-fuzz
mkdir -p "$build/modules" "$build/corpus/$target" "$build/findings"
flags=(-O -g -sanitize=fuzzer,address -parse-as-library -package-name CodableBridge
       -swift-version 6 -I "$build/modules" -L "$build")

# The library, as two static libraries (each rebuilt only when one of its sources is newer).
build_library() {  # module, sources folder
    local module=$1 folder=$2
    local archive="$build/lib$module.a"
    if [[ -f $archive ]] && [[ -z $(find "$folder" -name '*.swift' -newer "$archive") ]] \
        && [[ $module != CodableBridge || ! $build/libCodableBridgeCoercion.a -nt $archive ]]; then
        return
    fi
    echo "building $module (fuzzer + address sanitizer)…"
    rm -f "$archive"  # a static library is appended to in place: stale objects would stay
    local sources=()
    while IFS= read -r file; do sources+=("$file"); done < <(find "$folder" -name '*.swift' | sort)
    swiftc "${flags[@]}" -emit-library -static -module-name "$module" \
        -emit-module -emit-module-path "$build/modules/$module.swiftmodule" \
        "${sources[@]}" $( [[ $module == CodableBridge ]] && echo -lCodableBridgeCoercion ) \
        -o "$archive" 2> >(grep -v 'Cannot export local symbol' >&2)
}
# The C module (numbers in the C locale), as a static library and a module map the Swift
# modules import it through.
c_source=Sources/CCodableBridgeNumbers/CCodableBridgeNumbers.c
c_headers=$PWD/Sources/CCodableBridgeNumbers/include
mkdir -p "$build/cmodule"
printf 'module CCodableBridgeNumbers {\n    header "%s/CCodableBridgeNumbers.h"\n    export *\n}\n' "$c_headers" > "$build/cmodule/module.modulemap"
if [[ ! -f $build/libCCodableBridgeNumbers.a ]] || [[ $c_source -nt $build/libCCodableBridgeNumbers.a ]]; then
    echo "building CCodableBridgeNumbers (fuzzer + address sanitizer)…"
    clang -O2 -g -fsanitize=fuzzer-no-link,address -I "$c_headers" -c "$c_source" -o "$build/CCodableBridgeNumbers.o"
    rm -f "$build/libCCodableBridgeNumbers.a"
    ar rcs "$build/libCCodableBridgeNumbers.a" "$build/CCodableBridgeNumbers.o"
fi
flags+=(-I "$build/cmodule")

build_library CodableBridgeCoercion Sources/CodableBridgeCoercion
build_library CodableBridge Sources/CodableBridge

# The harness: every target in one binary; CODABLEBRIDGE_FUZZ_TARGET picks one.
harness=()
while IFS= read -r file; do harness+=("$file"); done < <(find Fuzz/Sources/CodableBridgeFuzz -name '*.swift' ! -name main.swift | sort)
binary="$build/codablebridge-fuzz"
if [[ ! -f $binary ]] || [[ -n $(find Fuzz/Sources "$build"/*.a -newer "$binary" -type f) ]]; then
    echo "building the harness…"
    swiftc "${flags[@]}" -D CODABLEBRIDGE_LIBFUZZER -module-name CodableBridgeFuzz "${harness[@]}" \
        -lCodableBridge -lCodableBridgeCoercion -lCCodableBridgeNumbers -o "$binary" 2> >(grep -v 'Cannot export local symbol' >&2)
fi

seeds=Fuzz/Corpus/$target
[[ -d $seeds ]] || { echo "no seed corpus $seeds" >&2; exit 2; }
# The stream and parallel targets run tasks or threads, whose memory may be freed on another thread
# after an input returns:
# libFuzzer would see more allocations than frees for every input and run LeakSanitizer's scan of
# the whole heap each time (about 50 executions per second instead of thousands). AddressSanitizer
# still checks every access; the RSS limit still catches unbounded growth.
leaks=()
[[ $target == elements || $target == partial || $target == parallel ]] && leaks=(-detect_leaks=0)
echo "fuzzing $target for ${seconds}s…"
CODABLEBRIDGE_FUZZ_TARGET=$target "$binary" "$build/corpus/$target" "$seeds" \
    -dict=Fuzz/json.dict -max_len=4096 -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$build/findings/$target-" "${leaks[@]}" "$@"
