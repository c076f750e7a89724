#!/usr/bin/env bash
# Web API micro-benchmarks (issue 4 point 9): web.mjs on toolchain, Deno, Bun and
# Node in the same run. Each case runs in a process of its own (no case inherits
# another's garbage or type feedback); each round runs every case on every
# runtime in turn, so that the machine's load falls on all of them alike. Two
# tables, CPU time then wall time per iteration (see web.mjs for why both):
# per case, the median over ROUNDS of each run's median, and toolchain / Deno.
# Usage: bench/web/run.sh [toolchain binary] [case substring …]
#        ROUNDS=5 PEERS="deno node" bench/web/run.sh   (copy the table into bench/RESULTS.md)
#        BASELINE=/path/to/older/toolchain bench/web/run.sh   (adds a "baseline" column: before/after in one run)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../common.sh"   # $root, $bin, $DENO $BUN $NODE, median()
bin=$(realpath "$bin")
shift || true
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here/web.mjs" "$work/web.mjs"
cd "$work"
export DENO_DIR=$work/deno_dir NO_COLOR=1
runtimes=(toolchain ${PEERS-deno bun node} ${BASELINE:+baseline})
command_of() {
  case $1 in
    toolchain) echo "$bin run --no-daemon -A web.mjs" ;;
    baseline) echo "$(realpath "$BASELINE") run --no-daemon -A web.mjs" ;;
    deno) echo "$DENO run -A web.mjs" ;;
    bun) echo "$BUN web.mjs" ;;
    node) echo "$NODE web.mjs" ;;
  esac
}
mapfile -t cases < <("$NODE" web.mjs --list)
for ((round = 0; round < ${ROUNDS:-3}; round++)); do
  for name in "${cases[@]}"; do
    if (($# > 0)); then
      wanted=0
      for pattern in "$@"; do [[ $name == *"$pattern"* ]] && wanted=1; done
      ((wanted)) || continue
    fi
    for rt in "${runtimes[@]}"; do
      # A runtime that cannot run a case just has no figure for it.
      $(command_of "$rt") "$name" >> "$work/$rt.tsv" 2> "$work/$rt.err" ||
        echo "($rt: $name failed: $(tail -1 "$work/$rt.err"))" >&2
    done
  done
done
node - "$work" "${runtimes[@]}" <<'JS'
const fs = require("fs");
const [dir, ...runtimes] = process.argv.slice(2);
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
// figures[column][runtime] = Map(case → [per-run values])
const figures = [{}, {}], names = [];
for (const rt of runtimes) {
  for (const f of figures) f[rt] = new Map();
  const text = fs.existsSync(`${dir}/${rt}.tsv`) ? fs.readFileSync(`${dir}/${rt}.tsv`, "utf8") : "";
  for (const line of text.split("\n")) {
    const [name, ...values] = line.split("\t");
    if (values.length < 2) continue;
    if (!names.includes(name)) names.push(name);
    values.slice(0, 2).forEach((v, column) => {
      const cases = figures[column][rt];
      if (!cases.has(name)) cases.set(name, []);
      cases.get(name).push(Number(v));
    });
  }
}
const fmt = (v) => v === undefined ? "n/a" : v >= 1000 ? `${(v / 1000).toFixed(2)} µs` : `${v.toFixed(1)} ns`;
["CPU time per iteration (all threads)", "Wall time per iteration"].forEach((title, column) => {
  console.log(`\n${title}, median of ${process.env.ROUNDS || 3} runs:\n`);
  const head = ["case", ...runtimes.map((rt) => rt === "deno" ? "deno 2.9.6" : rt), "toolchain / deno"];
  console.log(`| ${head.join(" | ")} |`);
  console.log(`|${head.map((_, i) => i === 0 ? "---" : "---:").join("|")}|`);
  for (const name of names) {
    const m = runtimes.map((rt) => figures[column][rt].has(name) ? median(figures[column][rt].get(name)) : undefined);
    const ratio = m[0] !== undefined && runtimes[1] === "deno" && m[1] !== undefined
      ? `${(m[0] / m[1]).toFixed(2)}x` : "n/a";
    console.log(`| ${name} | ${m.map(fmt).join(" | ")} | ${ratio} |`);
  }
});
JS
