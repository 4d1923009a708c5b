#!/usr/bin/env bash
# Checks that a model declared in a library opened with `dlopen` is decoded as a model, including a
# retroactive conformance for a type loaded at launch (the conformance index re-reads the images:
# Sources/CodableBridge/Runtime/ConformanceRecords.swift). Linux only; CI runs it.
#
#     Scripts/late-loaded-models.sh
#
# SwiftPM builds no loadable plugin, so this compiles with swiftc into .build-late-loaded/
# (gitignored): CodableBridgeCoercion (with the C number target) and CodableBridge as shared
# libraries, then from
# Scripts/late-loaded-models/
#   Models.swift   libModels.so, linked at launch: `Book`, a plain Codable struct
#   Plugin.swift   libPlugin.so, opened later: `extension Book: MappableCodable` (mapping `title`
#                  from "t") and a model of its own, `Note`
#   Host.swift     decodes a Book, opens the plugin, has it decode a Note, decodes the Book again
# and runs the host, which exits with 1 unless the first Book decodes as plain and the Note and the
# second Book as models.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "$(uname -s)" != "Linux" ]]; then
    echo "late-loaded-models: Linux only, skipped"
    exit 0
fi

build=.build-late-loaded
sources=Scripts/late-loaded-models
rm -rf "$build" && mkdir -p "$build"
swiftc=(swiftc -swift-version 6 -Onone -I "$build" -L "$build")
# The C target (numbers in the C locale): its object goes into the coercion library, and a module
# map makes it importable, as SwiftPM does.
cc -c -fPIC -O2 -I Sources/CCodableBridgeNumbers/include -o "$build/CCodableBridgeNumbers.o" \
    Sources/CCodableBridgeNumbers/CCodableBridgeNumbers.c
cat > "$build/module.modulemap" <<EOF
module CCodableBridgeNumbers {
    header "$PWD/Sources/CCodableBridgeNumbers/include/CCodableBridgeNumbers.h"
    export *
}
EOF
"${swiftc[@]}" -emit-library -emit-module -module-name CodableBridgeCoercion -package-name CodableBridge \
    -emit-module-path "$build/CodableBridgeCoercion.swiftmodule" -o "$build/libCodableBridgeCoercion.so" \
    $(find Sources/CodableBridgeCoercion -name '*.swift') "$build/CCodableBridgeNumbers.o"
"${swiftc[@]}" -emit-library -emit-module -module-name CodableBridge -package-name CodableBridge \
    -emit-module-path "$build/CodableBridge.swiftmodule" -o "$build/libCodableBridge.so" \
    -lCodableBridgeCoercion $(find Sources/CodableBridge -name '*.swift')
"${swiftc[@]}" -emit-library -emit-module -module-name Models \
    -emit-module-path "$build/Models.swiftmodule" -o "$build/libModels.so" "$sources/Models.swift"
"${swiftc[@]}" -emit-library -module-name Plugin -o "$build/libPlugin.so" \
    -lCodableBridge -lModels "$sources/Plugin.swift"
"${swiftc[@]}" -module-name Host -o "$build/host" -Xlinker -rpath -Xlinker "$PWD/$build" \
    -lCodableBridge -lCodableBridgeCoercion -lModels "$sources/Host.swift"
"$build/host" "$PWD/$build/libPlugin.so"
