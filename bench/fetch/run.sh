#!/usr/bin/env bash
# fetch benchmark: sequential fetch() + text() of a 12-byte response from a
# local keep-alive node server, in toolchain, deno, bun and node; each program
# runs RUNS times (default 5, in rounds that take the runtimes in turn) and the
# median requests/s and CPU time (user + sys, start-up included) per request are printed.
# FETCH_BENCH_N=20000 measures longer runs (a warmed-up JIT).
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
declare -A rates cpus medians cpu_medians
peers=(toolchain deno bun node)
[[ -n $baseline ]] && peers=(before toolchain deno bun node)
command_of() {
  case $1 in
    before) echo "$baseline run --no-daemon --allow-net --allow-env $here/sequential.js" ;;
    toolchain) echo "$bin run --no-daemon --allow-net --allow-env $here/sequential.js" ;;
    deno) echo "$DENO run --allow-net --allow-env $here/sequential.js" ;;
    bun) echo "$BUN $here/sequential.js" ;;
    node) echo "$NODE $work/sequential.mjs" ;;
  esac
}
# Rounds take the runtimes in turn, so a change in the machine's load falls on all of them.
for _ in $(seq "${RUNS:-5}"); do
  for peer in "${peers[@]}"; do
    read -r -a cmd <<< "$(command_of "$peer")"
    rate=$(/usr/bin/time -f "%U %S" -o "$work/time" "${cmd[@]}" | cut -d' ' -f1)
    rates[$peer]+="$rate "
    # CPU time of the whole process (start-up included) per request, in microseconds.
    cpus[$peer]+="$(awk -v n="${FETCH_BENCH_N:-3000}" '{printf "%d", ($1 + $2) * 1e6 / (n + 200)}' "$work/time") "
  done
done
median() { printf '%s\n' $1 | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for peer in "${peers[@]}"; do
  medians[$peer]=$(median "${rates[$peer]}")
  cpu_medians[$peer]=$(median "${cpus[$peer]}")
  echo "$peer: ${rates[$peer]}-> median ${medians[$peer]} req/s; CPU us/request: ${cpus[$peer]}-> median ${cpu_medians[$peer]}"
done
base=${medians[toolchain]}
for peer in "${peers[@]}"; do
  awk -v p="$peer" -v r="${medians[$peer]}" -v b="$base" -v c="${cpu_medians[$peer]}" \
    'BEGIN {printf "%-10s %7d req/s  %.2fx toolchain  %5d us CPU/request\n", p, r, r / b, c}'
done
