#!/usr/bin/env bash
# Encoding benchmark: TextEncoder.encode / encodeInto, TextDecoder.decode and
# atob/btoa in toolchain, deno, bun and node (one hyperfine run per program).
# Usage: bench/encoding/run.sh [toolchain binary]   (copy the medians into bench/RESULTS.md)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${1:-$root/build/toolchain}
peers=$root/../shared/bench/peers.sh
[[ -x $peers ]] || peers=/work/shared/bench/peers.sh   # from a worktree under /work/wt/
eval "$("$peers")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export NO_COLOR=1 DENO_DIR=$work/deno_dir
for program in encode encode_into decode base64; do
  cp "$here/$program.js" "$work/$program.mjs"
  hyperfine -N --warmup 2 --runs ${RUNS:-10} --export-json "$work/$program.json" \
    -n toolchain "$bin run --no-daemon $here/$program.js" \
    -n deno "$DENO run $here/$program.js" \
    -n bun "$BUN $here/$program.js" \
    -n node "$NODE $work/$program.mjs" > /dev/null
  echo "== $program: median wall time"
  node -e 'const r = require(process.argv[1]).results; const base = r[0].median;
    for (const x of r) console.log(`${x.command.padEnd(10)} ${(x.median * 1000).toFixed(1).padStart(7)} ms  ${(x.median / base).toFixed(2)}x toolchain`);' "$work/$program.json"
done
