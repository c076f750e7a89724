#!/usr/bin/env bash
# The transpiler's own speed: tree-sitter's transpile() against transpile_fast()
# (the scanner of runtime/transpile/fast_erase.cc first), medians of 15 runs.
# Usage: bench/transpile/run.sh [build dir]   (needs the build's libtc_transpile.a)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(realpath "${1:-$root/build}")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
g++ -std=c++20 -O2 -I"$root" "$root/bench/transpile/transpile_bench.cc" \
  "$build/runtime/transpile/libtc_transpile.a" -ltree-sitter -o "$out/transpile_bench"
"$out/transpile_bench"
