#!/usr/bin/env bash
# Seed 004: `toolchain serve --parallel` vs `deno serve --parallel` (and each
# without --parallel, for the speed-up), serving hello_serve.ts. For each: RUNS
# runs of `wrk -t2 -c${CONNS} -d${SECS}s --latency` (seed 004 used -c125 -d30s)
# with seed 000's five headers; prints the median requests/s, p99 latency and
# the server's CPU µs per request (all its threads). Workers: JOBS (default:
# the cores), passed as TOOLCHAIN_JOBS and DENO_JOBS.
# Usage: bench/http/parallel.sh [toolchain binary]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../common.sh"   # $root, $bin, $DENO $BUN $NODE, median()
export NO_COLOR=1 DENO_DIR=$(mktemp -d)
runs=${RUNS:-3}
secs=${SECS:-5}
conns=${CONNS:-125}
port=${PORT:-4518}
jobs=${JOBS:-$(nproc)}
export TOOLCHAIN_JOBS=$jobs DENO_JOBS=$jobs
hdrs=(-H "X-Deno: true" -H "Accept: application/json" -H "X-Foo: bar" -H "User-Agent: wrk" -H "Accept-Encoding: gzip, br")
to_us() { awk '{v=$1; if (v ~ /us$/) {sub(/us$/,"",v); print v} else if (v ~ /ms$/) {sub(/ms$/,"",v); print v*1000} else {sub(/s$/,"",v); print v*1000000}}'; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

start() {  # runtime, extra flag -> sets pid
  case $1 in
    toolchain) "$bin" serve --no-daemon $2 --host 127.0.0.1 --port "$port" "$here/hello_serve.ts" 2> "$work/err" & ;;
    deno) "$DENO" serve $2 --host 127.0.0.1 --port "$port" "$here/hello_serve.ts" 2> "$work/err" & ;;
  esac
  pid=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/" > /dev/null 2>&1 && return; sleep 0.05; done
  echo "$1 did not start: $(cat "$work/err")" >&2; exit 1
}

work=$(mktemp -d)
trap 'rm -rf "$work" "$DENO_DIR"' EXIT
tick=$(getconf CLK_TCK)
echo "## hello_serve.ts (wrk -t2 -c$conns -d${secs}s, median of $runs; $jobs workers with --parallel)"
printf '%-28s %12s %12s %10s %14s\n' server "req/s" "vs toolchain" "p99" "CPU us/req"
for mode in "" --parallel; do
  declare -A rps=()
  for peer in toolchain deno; do
    : > "$work/rps"; : > "$work/p99"; : > "$work/cpu"
    start "$peer" "$mode"
    for ((i = 0; i < runs; i++)); do
      c0=$(cpu_ticks "$pid")
      out=$(wrk -t2 -c"$conns" -d"${secs}s" --latency "${hdrs[@]}" "http://127.0.0.1:$port/")
      c1=$(cpu_ticks "$pid")
      n=$(awk '/requests in/ {print $1}' <<<"$out")
      awk '/Requests\/sec/ {print $2}' <<<"$out" >> "$work/rps"
      awk '$1 == "99%" {print $2}' <<<"$out" | to_us >> "$work/p99"
      awk -v c=$((c1 - c0)) -v n="$n" -v t="$tick" 'BEGIN {printf "%.1f\n", c / t * 1e6 / n}' >> "$work/cpu"
    done
    kill -INT "$pid"; wait "$pid" 2>/dev/null || true
    rps[$peer]=$(median < "$work/rps")
    ratio=$(awk -v a="${rps[$peer]}" -v b="${rps[toolchain]}" 'BEGIN {printf "%.2fx", a / b}')
    printf '%-28s %12s %12s %9sus %14s\n' "$peer serve $mode" "${rps[$peer]}" "$ratio" "$(median < "$work/p99")" \
      "$(median < "$work/cpu")"
  done
done
