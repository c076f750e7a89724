#!/usr/bin/env bash
# URLPattern routing and construction on toolchain, deno, bun and node: an in-program
# timing loop (route.mjs), run RUNS times on each; prints the medians.
# Usage: bench/urlpattern/run.sh [toolchain binary]   (copy the figures into bench/RESULTS.md)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../common.sh"   # $root, $bin, $DENO $BUN $NODE, median()
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here/route.mjs" "$work/route.mjs"
cd "$work"
export DENO_DIR=$work/deno_dir NO_COLOR=1
runs=${RUNS:-5}
declare -A routed built
for peer in toolchain deno bun node; do
  case $peer in
    toolchain) cmd=("$bin" run --no-daemon route.mjs) ;;
    deno) cmd=("$DENO" run -A route.mjs) ;;
    bun) cmd=("$BUN" route.mjs) ;;
    node) cmd=("$NODE" route.mjs) ;;
  esac
  : > "$work/$peer.route"; : > "$work/$peer.construct"
  for ((i = 0; i < runs; i++)); do
    out=$("${cmd[@]}")
    sed -n 's/^route: \([0-9.]*\) ns.*/\1/p' <<<"$out" >> "$work/$peer.route"
    sed -n 's/^construct: \([0-9.]*\) ns.*/\1/p' <<<"$out" >> "$work/$peer.construct"
  done
  routed[$peer]=$( [[ -s $work/$peer.route ]] && median < "$work/$peer.route" || echo n/a)
  built[$peer]=$( [[ -s $work/$peer.construct ]] && median < "$work/$peer.construct" || echo n/a)
done
printf '%-10s %16s %14s %22s %14s\n' runtime "route (ns/url)" "vs toolchain" "construct (ns/pattern)" "vs toolchain"
for peer in toolchain deno bun node; do
  ratio() { [[ $1 == n/a ]] && echo n/a || awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2fx", a / b}'; }
  printf '%-10s %16s %14s %22s %14s\n' "$peer" "${routed[$peer]}" "$(ratio "${routed[$peer]}" "${routed[toolchain]}")" \
    "${built[$peer]}" "$(ratio "${built[$peer]}" "${built[toolchain]}")"
done
