#!/usr/bin/env bash
# WebSocket echo (Deno.upgradeWebSocket) on toolchain and deno (echo.ts), bun
# (Bun.serve's websocket, echo_bun.mjs) and node (ws, echo_node.mjs), loaded by
# client.mjs (Node's ws: CONNS connections x DEPTH 64-byte messages in flight).
# RUNS runs of SECS seconds each; prints median messages/s and the server's
# CPU µs per message. The ws client comes from tests/e2e/websocket (build.sh).
# Usage: bench/websocket/run.sh [toolchain binary]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../common.sh"   # $root, $bin, $DENO $BUN $NODE, median()
export NO_COLOR=1 DENO_DIR=$(mktemp -d)
runs=${RUNS:-3} secs=${SECS:-5} conns=${CONNS:-10} depth=${DEPTH:-10} port=${PORT:-4631}
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
work=$(mktemp -d)
trap 'rm -rf "$work" "$DENO_DIR"' EXIT
tick=$(getconf CLK_TCK)
echo "## websocket echo ($conns connections x $depth in flight, 64-byte text, ${secs}s, median of $runs)"
printf '%-10s %12s %12s %12s\n' runtime "msg/s" "vs toolchain" "CPU us/msg"
declare -A rate=()
for peer in toolchain deno bun node; do
  case $peer in
    toolchain) "$bin" run --no-daemon -A "$here/echo.ts" "$port" > "$work/out" & ;;
    deno) "$DENO" run -A "$here/echo.ts" "$port" > "$work/out" & ;;
    bun) "$BUN" "$here/echo_bun.mjs" "$port" > "$work/out" & ;;
    node) "$NODE" "$here/echo_node.mjs" "$port" > "$work/out" & ;;
  esac
  pid=$!
  for _ in $(seq 100); do grep -q ready "$work/out" 2>/dev/null && break; sleep 0.05; done
  : > "$work/rate"; : > "$work/cpu"
  for ((i = 0; i < runs; i++)); do
    c0=$(cpu_ticks "$pid")
    r=$("$NODE" "$here/client.mjs" "$port" "$conns" "$depth" 64 "$secs")
    c1=$(cpu_ticks "$pid")
    echo "$r" >> "$work/rate"
    awk -v c=$((c1 - c0)) -v r="$r" -v s="$secs" -v t="$tick" 'BEGIN {printf "%.1f\n", c / t * 1e6 / (r * s)}' >> "$work/cpu"
  done
  kill "$pid"; wait "$pid" 2>/dev/null || true
  rate[$peer]=$(median < "$work/rate")
  ratio=$(awk -v a="${rate[$peer]}" -v b="${rate[toolchain]}" 'BEGIN {printf "%.2fx", a / b}')
  printf '%-10s %12s %12s %12s\n' "$peer" "${rate[$peer]}" "$ratio" "$(median < "$work/cpu")"
done
