#!/usr/bin/env bash
# Seed 002's scenario: demo.ts imports ~100 remote modules (served by a local
# HTTP server, tests/e2e/cache/serve.py) plus local modules. Measures the warm
# run and the run with the SQLite databases deleted but the sources kept,
# and the run that follows a cold one (which makes the V8 code caches), for
# toolchain and Deno 2.9.6, the cold / warm ratio again with the runs
# interleaved (bench/cache/ab.py), and counts fsync/fdatasync of the cold run.
# Usage: bench/cache/run.sh [path/to/toolchain]   (KEEP_WORK=1: see bench/cache/ab.py)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(realpath "${1:-$root/build/toolchain}")
eval "$("$root/../../shared/bench/peers.sh" 2>/dev/null || /work/shared/bench/peers.sh)"
work=$(mktemp -d)
# KEEP_WORK=1 keeps the tree and caches for bench/cache/ab.py (the server is stopped).
trap 'kill $server 2>/dev/null; [[ -n ${KEEP_WORK:-} ]] && echo "work folder kept: $work" || rm -rf "$work"' EXIT
mkdir -p "$work/srv" "$work/app"

# The remote tree: 10 packages of 10 modules, each importing its successor
# and a shared util, with some TypeScript to transpile.
for p in $(seq 0 9); do
  mkdir -p "$work/srv/pkg$p"
  for m in $(seq 0 9); do
    f=$work/srv/pkg$p/m$m.ts
    { [[ $m -lt 9 ]] && echo "import { f$((m + 1)) } from \"./m$((m + 1)).ts\";"
      echo 'import { util } from "../util.ts";'
      echo "export interface Shape$m { id: number; name: string; tags: string[] }"
      echo "export function f$m(n: number): number {"
      echo "  const items: Shape$m[] = [];"
      echo "  for (let i = 0; i < n; i++) items.push({ id: i, name: \`item\${i}\`, tags: [\"a\", \"b\"] });"
      [[ $m -lt 9 ]] && echo "  return util(items.length) + f$((m + 1))(n);" || echo "  return util(items.length);"
      echo "}"
      for k in $(seq 20); do echo "export const value${k}: number = $k * 2; // padding to a realistic module size"; done
    } > "$f"
  done
done
echo 'export function util(n: number): number { return n + 1; }' > "$work/srv/util.ts"
python3 "$root/tests/e2e/cache/serve.py" "$work/srv" "$work/port" & server=$!
for _ in $(seq 100); do [[ -f $work/port ]] && break; sleep 0.05; done
base=http://127.0.0.1:$(cat "$work/port")
{ for p in $(seq 0 9); do echo "import { f0 as p$p } from \"$base/pkg$p/m0.ts\";"; done
  echo 'import { local } from "./local.ts";'
  echo "let total = local;"
  for p in $(seq 0 9); do echo "total += p$p(3);"; done
  echo 'console.log("hello world", total);'; } > "$work/app/demo.ts"
echo 'export const local: number = 1;' > "$work/app/local.ts"
cd "$work/app"

# TOOLCHAIN_NO_DAEMON: every command in-process (older clients sent `cache
# --no-daemon` to a daemon, whose cache folder is its own).
export TOOLCHAIN_DIR=$work/tc DENO_DIR=$work/deno NO_COLOR=1 TOOLCHAIN_NO_DAEMON=1
"$bin" cache --no-daemon -A -q demo.ts
env -u RUST_BACKTRACE "$DENO" cache --allow-import -q demo.ts
"$bin" run --no-daemon -A --cached-only demo.ts
env -u RUST_BACKTRACE "$DENO" run -A --cached-only demo.ts
echo "modules: $(find "$work/tc/remote" -type f | wc -l) remote files"

hyperfine -N --warmup 3 --runs "${RUNS:-20}" --export-markdown "$work/warm.md" --export-json "$work/warm.json" \
  -n "toolchain warm" "$bin run --no-daemon -A --cached-only demo.ts" \
  -n "deno warm" "env -u RUST_BACKTRACE $DENO run -A --cached-only demo.ts"
# The cold runs delete the databases in --prepare. Everything runs without a
# shell (-N, the files named one by one): hyperfine's correction for a shell's
# start-up is not exact, and subtracting a wrong constant from both sides moves
# their ratio (shell mode gave 1.10x where -N gave 1.06x, same minutes).
# The cold / warm series in ROUNDS hyperfine invocations of RUNS/ROUNDS runs
# each, their times pooled: one invocation times its commands one after
# another, so on a shared machine a change of load between two blocks moved
# the ratio by ±30% (2026-12-03); pooled over rounds, every command is timed
# under every load of the series.
databases() {  # folder names... -> each database's files, for rm -f
  local dir=$1 name suffix; shift
  for name; do for suffix in "" -wal -shm -journal; do printf '%s ' "$dir/$name$suffix"; done; done
}
rm_toolchain_dbs="rm -f $(databases "$work/tc" modules_v1.db code_cache_v1.db)"
rm_deno_dbs="rm -f $(databases "$work/deno" dep_analysis_cache_v2 node_analysis_cache_v2 v8_code_cache_v2)"
rounds=${ROUNDS:-10}
for ((r = 1; r <= rounds; r++)); do
  hyperfine -N --warmup 1 --runs "$(( (${RUNS:-20} + rounds - 1) / rounds ))" --style none --export-json "$work/cold.$r.json" \
    -n "toolchain warm" --prepare true "$bin run --no-daemon -A --cached-only demo.ts" \
    -n "toolchain cold db" --prepare "$rm_toolchain_dbs" "$bin run --no-daemon -A --cached-only demo.ts" \
    -n "deno warm" --prepare true "env -u RUST_BACKTRACE $DENO run -A --cached-only demo.ts" \
    -n "deno cold db" --prepare "$rm_deno_dbs" "env -u RUST_BACKTRACE $DENO run -A --cached-only demo.ts"
done
python3 - "$work" "$rounds" > "$work/cold.md" <<'PY'
import json, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
pooled, user = {}, {}
for r in range(1, rounds + 1):
    for result in json.load(open(f"{work}/cold.{r}.json"))["results"]:
        pooled.setdefault(result["command"], []).extend(result["times"])
        user.setdefault(result["command"], []).extend(result.get("user_times") or [result["user"]])
print(f"| Command (pooled over {rounds} hyperfine rounds) | runs | median [ms] | min [ms] | max [ms] | user median [ms] |")
print("|:---|---:|---:|---:|---:|---:|")
for command, times in pooled.items():
    print(f"| `{command}` | {len(times)} | {statistics.median(times) * 1000:.1f} | {min(times) * 1000:.1f} | "
          f"{max(times) * 1000:.1f} | {statistics.median(user[command]) * 1000:.1f} |")
json.dump({"results": [{"command": c, "median": statistics.median(t), "user": statistics.median(user[c])}
                       for c, t in pooled.items()]}, open(f"{work}/cold.json", "w"))
PY
hyperfine --warmup 3 --runs "${RUNS:-20}" --export-markdown "$work/second.md" --export-json "$work/second.json" \
  -n "toolchain second run" --prepare "rm -f $work/tc/*_v1.db*; $bin run --no-daemon -A --cached-only demo.ts" "$bin run --no-daemon -A --cached-only demo.ts" \
  -n "deno second run" --prepare "rm -f $work/deno/*_v2* $work/deno/*_v1*; env -u RUST_BACKTRACE $DENO run -A --cached-only demo.ts" "env -u RUST_BACKTRACE $DENO run -A --cached-only demo.ts"
cat "$work/warm.md" "$work/cold.md" "$work/second.md"
# Medians: the machine is shared, means follow its outliers.
python3 -c 'import json,sys
for f in sys.argv[1:]:
    series = f.rsplit("/", 1)[-1].removesuffix(".json")
    for r in json.load(open(f))["results"]:
        print("median %-6s %-22s %6.1f ms  user %5.1f ms" % (series, r["command"], r["median"] * 1000, r["user"] * 1000))
r = {x["command"]: x["median"] for x in json.load(open(sys.argv[2]))["results"]}
for who in ("toolchain", "deno"):
    print("%s cold db / warm (same series): %.2fx" % (who, r[who + " cold db"] / r[who + " warm"]))' "$work/warm.json" "$work/cold.json" "$work/second.json"
# The same ratio with cold and warm runs interleaved round by round (hyperfine
# times all warm runs, then all cold ones: a change of load between the two
# blocks moves its ratio).
python3 "$root/bench/cache/ab.py" "$work" "${RUNS:-20}" "toolchain=$bin" | sed 's/^/interleaved: /'
rm -f "$work"/tc/*_v1.db*
strace -f -c -e trace=fsync,fdatasync -o "$work/strace" "$bin" run --no-daemon -A --cached-only demo.ts > /dev/null
echo "fsync/fdatasync calls in the cold-database run: $(awk '/total/ {n = $4} END {print n + 0}' "$work/strace")"
[[ -s $work/strace ]] && cat "$work/strace"
