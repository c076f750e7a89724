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
# Usage: bench/http/run.sh [toolchain binary]
# BEFORE=<another toolchain binary> adds it as the peer "before" (e.g. main's build).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../common.sh"   # $root, $bin, $DENO $BUN $NODE, median()
export NO_COLOR=1 DENO_DIR=$(mktemp -d)
runs=${RUNS:-3}
secs=${SECS:-5}
port=${PORT:-4517}
hdrs=(-H "X-Deno: true" -H "Accept: application/json" -H "X-Foo: bar" -H "User-Agent: wrk" -H "Accept-Encoding: gzip, br")
to_us() { awk '{v=$1; if (v ~ /us$/) {sub(/us$/,"",v); print v} else if (v ~ /ms$/) {sub(/ms$/,"",v); print v*1000} else {sub(/s$/,"",v); print v*1000000}}'; }

start() {  # peer program -> sets pid
  case $1 in
    toolchain) "$bin" run --no-daemon -A "$here/$2.ts" "$port" > "$work/out" & ;;
    before) "$BEFORE" run --no-daemon -A "$here/$2.ts" "$port" > "$work/out" & ;;
    deno) "$DENO" run -A "$here/$2.ts" "$port" > "$work/out" & ;;
    bun) "$BUN" "$here/bun_serve.mjs" "$2" "$port" > "$work/out" & ;;
    node) "$NODE" "$here/$2_node.mjs" "$port" > "$work/out" & ;;
    floor) "$work/floor_server" "$2" "$port" epoll > "$work/out" & ;;
    floor-ring) "$work/floor_server" "$2" "$port" ring > "$work/out" & ;;
  esac
  pid=$!
  for _ in $(seq 100); do grep -q ready "$work/out" 2>/dev/null && return; sleep 0.05; done
  echo "$1 did not start" >&2; exit 1
}
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

work=$(mktemp -d)
trap 'rm -rf "$work" "$DENO_DIR"' EXIT
tick=$(getconf CLK_TCK)
cc -O2 -o "$work/floor_server" "$here/floor_server.c" -luring
for program in hello stream; do
  echo "## $program (wrk -t2 -c10 -d${secs}s, median of $runs)"
  printf '%-10s %12s %10s %10s %14s %10s\n' runtime "req/s" "vs toolchain" "p99" "CPU us/req" "peak RSS"
  declare -A rps=()
  for peer in toolchain ${BEFORE:+before} deno bun node floor floor-ring; do
    rm -f "$work/out"
    : > "$work/rps"; : > "$work/p99"; : > "$work/cpu"
    start "$peer" "$program"
    for ((i = 0; i < runs; i++)); do
      c0=$(cpu_ticks "$pid")
      out=$(wrk -t2 -c10 -d"${secs}s" --latency "${hdrs[@]}" "http://127.0.0.1:$port/")
      c1=$(cpu_ticks "$pid")
      n=$(awk '/requests in/ {print $1}' <<<"$out")
      awk '/Requests\/sec/ {print $2}' <<<"$out" >> "$work/rps"
      awk '$1 == "99%" {print $2}' <<<"$out" | to_us >> "$work/p99"
      awk -v c=$((c1 - c0)) -v n="$n" -v t="$tick" 'BEGIN {printf "%.1f\n", c / t * 1e6 / n}' >> "$work/cpu"
    done
    rss=$(awk '/VmHWM/ {printf "%.0f MB", $2 / 1024}' "/proc/$pid/status")
    kill "$pid"; wait "$pid" 2>/dev/null || true
    rps[$peer]=$(median < "$work/rps")
    ratio=$(awk -v a="${rps[$peer]}" -v b="${rps[toolchain]}" 'BEGIN {printf "%.2fx", a / b}')
    printf '%-10s %12s %10s %9sus %14s %10s\n' "$peer" "${rps[$peer]}" "$ratio" "$(median < "$work/p99")" \
      "$(median < "$work/cpu")" "$rss"
  done
done
