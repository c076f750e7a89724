#!/usr/bin/env bash
# Seed 004: `toolchain serve --parallel` vs `deno serve --parallel`, and each
# without --parallel, for the gain of a worker per core. Two programs:
#   page_serve.ts  seed 004's own workload: server-side rendering of a web
#                  page (~112 KB of HTML) per request, under seed 004's
#                  `wrk -c125 --latency` (no request headers);
#   hello_serve.ts seed 000's handler under wrk with seed 000's five headers,
#                  where wrk's own work takes most of the machine.
# For each: RUNS runs of `wrk -t2 -c125 -d${SECS}s`; prints the median
# requests/s, p99 latency and the server's CPU µs per request (all threads),
# and each runtime's gain (--parallel / single). Workers: JOBS (default: the
# cores), passed as TOOLCHAIN_JOBS and DENO_JOBS. The four servers run at once
# on their own ports (an idle server costs nothing) and the runs are
# interleaved, round by round, in a rotating order: this machine's speed
# drifts within minutes, and a gain is a ratio of two runs. A run during
# which the host took a CPU away (steal time) is run again: see wrk_round.sh.
# Usage: bench/http/parallel.sh [toolchain binary]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/wrk_round.sh"   # wrk_round, stolen_report
source "$here/../common.sh"   # $root, $bin, $DENO $BUN $NODE, median()
export NO_COLOR=1 DENO_DIR=$(mktemp -d)
runs=${RUNS:-3}
secs=${SECS:-5}
warm=${WARM:-2}
conns=${CONNS:-125}
base_port=${PORT:-4518}
jobs=${JOBS:-$(nproc)}
export TOOLCHAIN_JOBS=$jobs DENO_JOBS=$jobs
seed000_hdrs=(-H "X-Deno: true" -H "Accept: application/json" -H "X-Foo: bar" -H "User-Agent: wrk" -H "Accept-Encoding: gzip, br")
servers=(toolchain toolchain-parallel deno deno-parallel)

start() {  # server program port -> prints its pid
  local err="$work/$1.err"
  case $1 in
    toolchain) "$bin" serve --no-daemon --host 127.0.0.1 --port "$3" "$here/$2.ts" > /dev/null 2> "$err" & ;;
    toolchain-parallel) "$bin" serve --no-daemon --parallel --host 127.0.0.1 --port "$3" "$here/$2.ts" > /dev/null 2> "$err" & ;;
    deno) "$DENO" serve --host 127.0.0.1 --port "$3" "$here/$2.ts" > /dev/null 2> "$err" & ;;
    deno-parallel) "$DENO" serve --parallel --host 127.0.0.1 --port "$3" "$here/$2.ts" > /dev/null 2> "$err" & ;;
  esac
  local pid=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$3/" > /dev/null 2>&1 && { echo "$pid"; return; }; sleep 0.05; done
  echo "$1 did not start: $(cat "$err")" >&2; exit 1
}

work=$(mktemp -d)
declare -A pid=() port=()
stop_all() {  # (the servers are not this shell's children: started in $(start …))
  for p in "${pid[@]}"; do kill -INT "$p" 2>/dev/null || true; done
  for p in "${pid[@]}"; do for _ in $(seq 100); do kill -0 "$p" 2>/dev/null || break; sleep 0.05; done; done
}
trap 'stop_all; rm -rf "$work" "$DENO_DIR"' EXIT
for program in page_serve hello_serve; do
  hdrs=(); [[ $program == hello_serve ]] && hdrs=("${seed000_hdrs[@]}")
  n=0
  for s in "${servers[@]}"; do
    port[$s]=$((base_port + n)); n=$((n + 1))
    pid[$s]=$(start "$s" "$program" "${port[$s]}")
    : > "$work/$s.rps"; : > "$work/$s.p99"; : > "$work/$s.cpu"; : > "$work/$s.stolen"; : > "$work/$s.p99-stolen"
    wrk -t2 -c"$conns" -d"${warm}s" "${hdrs[@]}" "http://127.0.0.1:${port[$s]}/" > /dev/null
  done
  for ((i = 0; i < runs; i++)); do
    for ((k = 0; k < ${#servers[@]}; k++)); do
      s=${servers[$(((i + k) % ${#servers[@]}))]}
      wrk_round "${pid[$s]}" "$work/$s" -t2 -c"$conns" -d"${secs}s" --latency "${hdrs[@]}" "http://127.0.0.1:${port[$s]}/"
    done
  done
  echo "## $program (wrk -t2 -c$conns -d${secs}s, median of $runs interleaved rounds; $jobs workers with --parallel)"
  printf '%-30s %12s %12s %10s %14s\n' server "req/s" "vs toolchain" "p99" "CPU us/req"
  declare -A rps=()
  for s in "${servers[@]}"; do
    rps[$s]=$(median < "$work/$s.rps")
    ratio=$(awk -v a="${rps[$s]}" -v b="${rps[toolchain]}" 'BEGIN {printf "%.2fx", a / b}')
    printf '%-30s %12s %12s %10s %14s\n' "${s/-parallel/ --parallel}" "${rps[$s]}" "$ratio" \
      "$(p99_of "$work/$s")" "$(median < "$work/$s.cpu")"
  done
  stolen_report "${servers[@]/#/$work/}"
  for r in toolchain deno; do
    awk -v a="${rps[$r-parallel]}" -v b="${rps[$r]}" -v r="$r" 'BEGIN {printf "%s gain from --parallel: %.2fx\n", r, a / b}'
  done
  stop_all; pid=()
done
