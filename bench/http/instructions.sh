#!/usr/bin/env bash
# User-space instructions per request of the Deno.serve programs (hello,
# stream) under callgrind: a figure that, unlike CPU time, does not move with
# the load other programs put on the machine (it leaves out the kernel, which
# is about two thirds of a keep-alive request's CPU here and about the same for
# every server). For each program and binary: the server runs under valgrind,
# `wrk -t1 -c1` warms it up for WARM seconds (the JIT settles), the counters
# are zeroed, `wrk -t1 -c1` runs SECS seconds more, and the instructions
# counted meanwhile are divided by its requests. One connection, so every
# dispatch batch holds one request (the costs per batch are counted in full).
# Usage: bench/http/instructions.sh [toolchain binary]
# BEFORE=<another toolchain binary> measures it too (e.g. main's build).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${1:-$root/build/toolchain}
warm=${WARM:-15}
secs=${SECS:-8}
port=${PORT:-4519}
export NO_COLOR=1
hdrs=(-H "X-Deno: true" -H "Accept: application/json" -H "X-Foo: bar" -H "User-Agent: wrk" -H "Accept-Encoding: gzip, br")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

measure() {  # binary program -> prints instructions per request
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.%p" --trace-children=yes \
    "$1" run --no-daemon -A "$here/$2.ts" "$port" > "$work/log" 2>&1 &
  local vpid=$!
  for _ in $(seq 600); do grep -q ready "$work/log" 2>/dev/null && break; sleep 0.1; done
  wrk -t1 -c1 -d"${warm}s" "${hdrs[@]}" "http://127.0.0.1:$port/" > /dev/null
  callgrind_control -z > /dev/null
  local out n file ir
  out=$(wrk -t1 -c1 -d"${secs}s" "${hdrs[@]}" "http://127.0.0.1:$port/")
  callgrind_control -d > /dev/null
  n=$(awk '/requests in/ {print $1}' <<<"$out")
  sleep 1
  file=$(ls -t "$work"/cg.*.* | head -1)
  ir=$(awk '/^(summary|totals):/ {print $2; exit}' "$file")
  kill "$vpid"; wait "$vpid" 2>/dev/null || true
  rm -f "$work"/cg.*
  echo $((ir / n))
}

printf '%-10s %-8s %16s\n' binary program "instructions/req"
for program in hello stream; do
  printf '%-10s %-8s %16s\n' toolchain "$program" "$(measure "$bin" "$program")"
  [[ -n ${BEFORE:-} ]] && printf '%-10s %-8s %16s\n' before "$program" "$(measure "$BEFORE" "$program")"
done
