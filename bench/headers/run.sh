#!/usr/bin/env bash
# Headers iteration (seed 000) on toolchain, deno, bun and node: an in-program
# timing loop of [...headers], run RUNS times on each; prints the median ns/iter.
# Usage: bench/headers/run.sh [toolchain binary]   (copy the figures into bench/RESULTS.md)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../common.sh"   # $root, $bin, $DENO $BUN $NODE, median()
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here/iterate.mjs" "$work/iterate.mjs"
cd "$work"
export DENO_DIR=$work/deno_dir NO_COLOR=1
runs=${RUNS:-5}
declare -A built fetched
for peer in toolchain deno bun node; do
  case $peer in
    toolchain) cmd=("$bin" run --no-daemon iterate.mjs) ;;
    deno) cmd=("$DENO" run -A iterate.mjs) ;;
    bun) cmd=("$BUN" iterate.mjs) ;;
    node) cmd=("$NODE" iterate.mjs) ;;
  esac
  : > "$work/$peer.built"; : > "$work/$peer.fetched"
  for ((i = 0; i < runs; i++)); do
    out=$("${cmd[@]}")
    sed -n 's/^built once: \([0-9.]*\) ns.*/\1/p' <<<"$out" >> "$work/$peer.built"
    sed -n 's/^fetched (immutable): \([0-9.]*\) ns.*/\1/p' <<<"$out" >> "$work/$peer.fetched"
  done
  built[$peer]=$(median < "$work/$peer.built")
  fetched[$peer]=$( [[ -s $work/$peer.fetched ]] && median < "$work/$peer.fetched" || echo n/a)
done
printf '%-10s %22s %14s %26s\n' runtime "built once (ns/iter)" "vs toolchain" "fetched, immutable (ns/iter)"
for peer in toolchain deno bun node; do
  ratio=$(awk -v a="${built[$peer]}" -v b="${built[toolchain]}" 'BEGIN {printf "%.2fx", a / b}')
  printf '%-10s %22s %14s %26s\n' "$peer" "${built[$peer]}" "$ratio" "${fetched[$peer]}"
done
