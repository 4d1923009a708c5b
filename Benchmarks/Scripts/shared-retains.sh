#!/usr/bin/env bash
# Lists the objects whose reference counts two threads both write while they decode or encode
# (Sources/SharedRetains/main.swift); exit status 1 if there is one that is not immortal. Linux.
#
#     cd Benchmarks && Scripts/shared-retains.sh
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build
cc -O2 -shared -fPIC -o .build/libretain-recorder.so Scripts/shared-retains/retain-recorder.c -ldl
swift build -c release --product shared-retains
LD_PRELOAD="$PWD/.build/libretain-recorder.so" .build/release/shared-retains
