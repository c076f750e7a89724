#!/usr/bin/env bash
# fetch benchmark: sequential fetch() + text() of a 12-byte response from a
# local keep-alive node server, in toolchain, deno, bun and node; each program
# runs RUNS times (default 5) and the median requests/s is printed.
# Usage: bench/fetch/run.sh [toolchain binary] [baseline toolchain binary]
# (the baseline, e.g. main's build, runs as "before"; copy the figures into bench/RESULTS.md)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${1:-$root/build/toolchain}
baseline=${2:-}
peers=$root/../shared/bench/peers.sh
[[ -x $peers ]] || peers=/work/shared/bench/peers.sh   # from a worktree under /work/wt/
eval "$("$peers")"
work=$(mktemp -d)
node "$here/server.mjs" > "$work/port" &
server=$!
trap 'kill $server; rm -rf "$work"' EXIT
for _ in $(seq 100); do [[ -s $work/port ]] && break; sleep 0.05; done
export FETCH_BENCH_URL=http://127.0.0.1:$(cat "$work/port")/ NO_COLOR=1 DENO_DIR=$work/deno_dir
cp "$here/sequential.js" "$work/sequential.mjs"
declare -A medians
peers=(toolchain deno bun node)
[[ -n $baseline ]] && peers=(before toolchain deno bun node)
for peer in "${peers[@]}"; do
  case $peer in
    before) cmd=("$baseline" run --no-daemon --allow-net --allow-env "$here/sequential.js") ;;
    toolchain) cmd=("$bin" run --no-daemon --allow-net --allow-env "$here/sequential.js") ;;
    deno) cmd=("$DENO" run --allow-net --allow-env "$here/sequential.js") ;;
    bun) cmd=("$BUN" "$here/sequential.js") ;;
    node) cmd=("$NODE" "$work/sequential.mjs") ;;
  esac
  rates=()
  for _ in $(seq "${RUNS:-5}"); do rates+=("$("${cmd[@]}" | cut -d' ' -f1)"); done
  medians[$peer]=$(printf '%s\n' "${rates[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "$peer: ${rates[*]} -> median ${medians[$peer]} req/s"
done
base=${medians[toolchain]}
for peer in "${peers[@]}"; do
  awk -v p="$peer" -v r="${medians[$peer]}" -v b="$base" 'BEGIN {printf "%-10s %7d req/s  %.2fx toolchain\n", p, r, r / b}'
done
