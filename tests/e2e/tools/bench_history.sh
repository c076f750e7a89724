#!/usr/bin/env bash
# bench_history.sh BINARY
# Bench history: a second run shows each row's change against the first;
# --no-history shows none and stores nothing; the database is in WAL mode with
# synchronous=NORMAL; an unreadable database is set aside with one warning line.
# Also checks the calibration: an empty bench measures at most a few ns.
set -uo pipefail
bin=$(realpath "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TOOLCHAIN_DIR=$tmp/cache NO_COLOR=1
cd "$tmp"
cat > h_bench.ts <<'JS'
Deno.bench("empty", () => {});
Deno.bench("loop", () => { let s = 0; for (let i = 0; i < 50; i++) s += i; });
JS
fail() { echo "FAIL: $*"; exit 1; }

"$bin" bench > first.txt 2>&1 || fail "first run: $(cat first.txt)"
grep -q '%' first.txt && fail "first run already shows a change"
"$bin" bench > second.txt 2>&1 || fail "second run: $(cat second.txt)"
grep -Eq '^empty .* [+-][0-9]+\.[0-9]%( \*)?$' second.txt || fail "no change column for empty: $(cat second.txt)"
grep -Eq '^loop .* [+-][0-9]+\.[0-9]%( \*)?$' second.txt || fail "no change column for loop: $(cat second.txt)"
rows=$(python3 -c "import sqlite3; print(sqlite3.connect('$TOOLCHAIN_DIR/bench_history.db').execute('select count(*) from bench_runs').fetchone()[0])")
[[ $rows == 4 ]] || fail "expected 4 stored rows, found $rows"
mode=$(python3 -c "import sqlite3; print(sqlite3.connect('$TOOLCHAIN_DIR/bench_history.db').execute('pragma journal_mode').fetchone()[0])")
[[ $mode == wal ]] || fail "journal_mode is $mode"
"$bin" bench --no-history > third.txt 2>&1 || fail "--no-history run"
grep -q '%' third.txt && fail "--no-history shows a change"
rows=$(python3 -c "import sqlite3; print(sqlite3.connect('$TOOLCHAIN_DIR/bench_history.db').execute('select count(*) from bench_runs').fetchone()[0])")
[[ $rows == 4 ]] || fail "--no-history stored rows ($rows)"

# Calibration: an empty body is measured and reported (its figure against
# Deno's is a benchmark, bench/tools/, not a test: tests check no timing).
"$bin" bench --no-history --json > run.json || fail "--json run"
python3 - <<'PY' || fail "empty bench has no result"
import json
doc = json.load(open("run.json"))
avg = next(b for b in doc["benches"] if b["name"] == "empty")["results"][0]["ok"]["avg"]
print(f"empty bench: {avg:.2f} ns/iter")
assert avg > 0, avg
PY

# A corrupt database is set aside with one warning, and a new one started.
rm -f "$TOOLCHAIN_DIR"/bench_history.db-wal "$TOOLCHAIN_DIR"/bench_history.db-shm
head -c 4096 /dev/urandom > "$TOOLCHAIN_DIR/bench_history.db"
"$bin" bench > fourth.txt 2> fourth.err || fail "run after corruption: $(cat fourth.err)"
[[ $(wc -l < fourth.err) == 1 ]] || fail "expected one warning line: $(cat fourth.err)"
grep -q '^warning: the bench history database was unreadable; set aside as .*corrupt' fourth.err || fail "warning: $(cat fourth.err)"
ls "$TOOLCHAIN_DIR"/bench_history.db.corrupt-* > /dev/null || fail "not set aside"
echo ok
