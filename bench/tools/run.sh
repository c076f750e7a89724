#!/usr/bin/env bash
# The tools benchmark of issue 6: 20 small test files under `toolchain test`
# (warm daemon and in-process) against `deno test`, and the 4-case bench file
# under `toolchain bench` against `deno bench`, in one hyperfine run each.
# Usage: bench/tools/run.sh [toolchain binary]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${1:-$root/build/toolchain}
peers=$root/../shared/bench/peers.sh                       # from main
[[ -f $peers ]] || peers=$root/../../shared/bench/peers.sh  # from a worktree
eval "$("$peers")"
work=$(mktemp -d)
"$here/gen_tests.sh" "$work/tests"
cp "$here/cases_bench.ts" "$work/tests/"
cd "$work/tests"
export DENO_DIR=$work/deno_dir NO_COLOR=1 TOOLCHAIN_RUNTIME_DIR=$work/run TOOLCHAIN_DIR=$work/cache
trap '"$bin" daemon stop >/dev/null 2>&1; rm -rf "$work"' EXIT
"$bin" daemon start >/dev/null
"$DENO" test --no-check > /dev/null   # Deno's caches warm, as ours are
hyperfine -N --warmup 2 --runs ${RUNS:-10} --export-json "$work/test.json" \
  -n "toolchain test (daemon)" "$bin test" \
  -n "toolchain test --parallel (daemon)" "$bin test --parallel" \
  -n "toolchain test (in-process)" "$bin test --no-daemon" \
  -n "deno test" "$DENO test --no-check" \
  -n "deno test --parallel" "$DENO test --no-check --parallel"
hyperfine -N --warmup 1 --runs 3 --export-json "$work/bench.json" \
  -n "toolchain bench" "$bin bench --no-history cases_bench.ts" \
  -n "deno bench" "$DENO bench --no-check cases_bench.ts"
echo "== toolchain bench"; "$bin" bench --no-history cases_bench.ts
echo "== deno bench"; "$DENO" bench --no-check cases_bench.ts
for f in test bench; do
  echo "== $f: median wall time"
  node -e 'const r = require(process.argv[1]).results; const base = r[0].median;
    for (const x of r) console.log(`${x.command.padEnd(36)} ${(x.median * 1000).toFixed(1).padStart(8)} ms  ${(x.median / base).toFixed(2)}x first`);' "$work/$f.json"
done
