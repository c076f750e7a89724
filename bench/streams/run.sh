#!/usr/bin/env bash
# Streams micro-benchmarks: the same programs on toolchain, deno, bun and node
# in one hyperfine run each (enqueue/read of 1e6 chunks, pipeThrough a
# TransformStream, BYOB reads of a byte stream). On a loaded machine the user
# CPU time says more than the wall time.
# Usage: bench/streams/run.sh [toolchain binary]   (copy the medians into bench/RESULTS.md)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=$(realpath "${1:-$root/build/toolchain}")
peers=$root/../shared/bench/peers.sh
[[ -x $peers ]] || peers=/work/shared/bench/peers.sh   # from a worktree under /work/wt
eval "$("$peers")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export DENO_DIR=$work/deno_dir NO_COLOR=1
for name in enqueue_read pipe_through byob; do
  cp "$here/$name.js" "$work/$name.mjs"
  hyperfine -N --warmup 2 --runs ${RUNS:-10} --export-json "$work/$name.json" \
    -n toolchain "$bin run --no-daemon $name.mjs" \
    -n deno "$DENO run $name.mjs" \
    -n bun "$BUN $name.mjs" \
    -n node "$NODE $name.mjs" > /dev/null
  echo "== $name: median wall time, mean user CPU time (ratios to toolchain)"
  node -e 'const r = require(process.argv[1]).results; const w = r[0].median, u = r[0].user;
    for (const x of r) console.log(`${x.command.padEnd(10)} ${(x.median * 1000).toFixed(1).padStart(8)} ms (${(x.median / w).toFixed(2)}x)  user ${(x.user * 1000).toFixed(1).padStart(8)} ms (${(x.user / u).toFixed(2)}x)`);' "$work/$name.json"
done
