#!/usr/bin/env bash
# Startup benchmark: `toolchain run hello.ts` against deno, bun and node in one
# hyperfine run, then a 5,000-line TypeScript module against deno and bun.
# Usage: bench/startup/run.sh [toolchain binary]   (results go to stdout; copy
# the medians into bench/RESULTS.md)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${1:-$root/build/toolchain}
eval "$("$root/../shared/bench/peers.sh")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here/hello.ts" "$work/hello.ts"
cp "$here/hello.ts" "$work/hello.mjs"
"$here/gen_large.sh" "$work/large.ts"
cd "$work"
export DENO_DIR=$work/deno_dir NO_COLOR=1
"$DENO" run large.ts > /dev/null   # fill Deno's transpile cache: it is measured warm
# A daemon of the run's own, stopped at the end, for the warm-daemon rows.
export TOOLCHAIN_RUNTIME_DIR=$work/run TOOLCHAIN_DIR=$work/cache
trap '"$bin" daemon stop >/dev/null 2>&1; rm -rf "$work"' EXIT
"$bin" daemon start >/dev/null
hyperfine -N --warmup 5 --runs 40 --export-json "$work/hello.json" \
  -n toolchain "$bin run --no-daemon hello.ts" \
  -n "toolchain (daemon)" "$bin run hello.ts" \
  -n deno "$DENO run hello.ts" \
  -n bun "$BUN hello.ts" \
  -n node "$NODE hello.mjs"
hyperfine -N --warmup 5 --runs 30 --export-json "$work/large.json" \
  -n toolchain "$bin run --no-daemon large.ts" \
  -n "toolchain (daemon)" "$bin run large.ts" \
  -n deno "$DENO run large.ts" \
  -n bun "$BUN large.ts"
for f in hello large; do
  echo "== $f: median wall time"
  node -e 'const r = require(process.argv[1]).results; const base = r[0].median;
    for (const x of r) console.log(`${x.command.padEnd(20)} ${(x.median * 1000).toFixed(1).padStart(7)} ms  ${(x.median / base).toFixed(2)}x toolchain`);' "$work/$f.json"
done
