#!/usr/bin/env bash
# Deno.serve under wrk (seeds 000 and 003) on toolchain, deno, bun (Deno.serve
# programs run by each; bun has its own Deno-less API, so bun runs Bun.serve
# through bun_serve.mjs) and node (node:http). For each: RUNS runs of
# `wrk -t2 -c10 -d${SECS}s --latency` with seed 000's five headers; prints the
# median requests/s, p99 latency, server CPU µs per request and peak RSS.
# The last rows, "floor" and "floor-ring", are floor_server.c: the same
# response bytes with no user-space work, on epoll (as Deno and Bun) and on
# io_uring (as toolchain), i.e. the most a server of either kind reaches under
# this wrk on these cores (wrk takes its share of them).
#
# The runs are interleaved: every server is started once on its own port (an
# idle one costs nothing), warmed up for WARM seconds, and then each round
# runs wrk once against each server, in an order that rotates from round to
# round. This machine's speed drifts by tens of percent within minutes; runs
# taken in blocks, one server after the other, compared the servers' phases as
# much as the servers. A run during which the host took a CPU away (steal
# time) is run again: see wrk_round.sh.
# Usage: bench/http/run.sh [toolchain binary]
# BEFORE=<another toolchain binary> adds it as the peer "before" (e.g. main's build).
# PEERS="toolchain bun" runs only those (default: all).
# PROGRAMS=stream runs only that program (default: "hello stream").
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/wrk_round.sh"   # wrk_round, stolen_report
source "$here/../common.sh"   # $root, $bin, $DENO $BUN $NODE, median()
export NO_COLOR=1 DENO_DIR=$(mktemp -d)
runs=${RUNS:-3}
secs=${SECS:-5}
warm=${WARM:-2}
base_port=${PORT:-4517}
hdrs=(-H "X-Deno: true" -H "Accept: application/json" -H "X-Foo: bar" -H "User-Agent: wrk" -H "Accept-Encoding: gzip, br")
peers=(${PEERS:-toolchain ${BEFORE:+before} deno bun node floor floor-ring})

start() {  # peer program port -> prints the server's pid
  local out="$work/$1.out"
  case $1 in
    toolchain) "$bin" run --no-daemon -A "$here/$2.ts" "$3" > "$out" & ;;
    before) "$BEFORE" run --no-daemon -A "$here/$2.ts" "$3" > "$out" & ;;
    deno) "$DENO" run -A "$here/$2.ts" "$3" > "$out" & ;;
    bun) "$BUN" "$here/bun_serve.mjs" "$2" "$3" > "$out" & ;;
    node) "$NODE" "$here/$2_node.mjs" "$3" > "$out" & ;;
    floor) "$work/floor_server" "$2" "$3" epoll > "$out" & ;;
    floor-ring) "$work/floor_server" "$2" "$3" ring > "$out" & ;;
  esac
  local pid=$!
  for _ in $(seq 100); do grep -q ready "$out" 2>/dev/null && { echo "$pid"; return; }; sleep 0.05; done
  echo "$1 did not start" >&2; exit 1
}

work=$(mktemp -d)
declare -A pid=() port=()
stop_all() {  # (the servers are not this shell's children: started in $(start …))
  for p in "${pid[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pid[@]}"; do for _ in $(seq 100); do kill -0 "$p" 2>/dev/null || break; sleep 0.05; done; done
}
trap 'stop_all; rm -rf "$work" "$DENO_DIR"' EXIT
cc -O2 -o "$work/floor_server" "$here/floor_server.c" -luring
for program in ${PROGRAMS:-hello stream}; do
  n=0
  for peer in "${peers[@]}"; do
    port[$peer]=$((base_port + n)); n=$((n + 1))
    pid[$peer]=$(start "$peer" "$program" "${port[$peer]}")
    : > "$work/$peer.rps"; : > "$work/$peer.p99"; : > "$work/$peer.cpu"; : > "$work/$peer.stolen"; : > "$work/$peer.p99-stolen"
    wrk -t2 -c10 -d"${warm}s" "${hdrs[@]}" "http://127.0.0.1:${port[$peer]}/" > /dev/null
  done
  for ((i = 0; i < runs; i++)); do
    for ((k = 0; k < ${#peers[@]}; k++)); do
      peer=${peers[$(((i + k) % ${#peers[@]}))]}
      wrk_round "${pid[$peer]}" "$work/$peer" -t2 -c10 -d"${secs}s" --latency "${hdrs[@]}" "http://127.0.0.1:${port[$peer]}/"
    done
  done
  echo "## $program (wrk -t2 -c10 -d${secs}s, median of $runs interleaved rounds)"
  printf '%-10s %12s %12s %10s %14s %10s\n' runtime "req/s" "vs toolchain" "p99" "CPU us/req" "peak RSS"
  first=$(median < "$work/${peers[0]}.rps")
  for peer in "${peers[@]}"; do
    rps=$(median < "$work/$peer.rps")
    ratio=$(awk -v a="$rps" -v b="$first" 'BEGIN {printf "%.2fx", a / b}')
    rss=$(awk '/VmHWM/ {printf "%.0f MB", $2 / 1024}' "/proc/${pid[$peer]}/status")
    printf '%-10s %12s %12s %10s %14s %10s\n' "$peer" "$rps" "$ratio" "$(p99_of "$work/$peer")" \
      "$(median < "$work/$peer.cpu")" "$rss"
  done
  stolen_report "${peers[@]/#/$work/}"
  stop_all; pid=()
done
