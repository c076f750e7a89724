# The SQLite caches under faults: a corrupt, truncated or other-schema database
# is set aside and rebuilt with one warning; an unusable cache directory means
# running without the cache with one warning; concurrent processes share it.
source "$(dirname "$0")/lib.bash"
cd "$work"
# A main module of at least 4 KiB (a smaller one is never stored,
# modules::kSmallSourceBytes).
pad=$(printf '// padding to make the module worth caching\n%.0s' {1..100})
printf 'import { x } from "./dep.ts";\nconst y: number = x * 2;\nconsole.log(y);\n%s\n' "$pad" > main.ts
printf 'export const x: number = 21;\n%s\n' "$pad" > dep.ts
out=$(run main.ts 2>&1); expect_eq "$out" "42" "first run"
[[ -f $TOOLCHAIN_DIR/modules_v1.db ]] || fail "modules_v1.db not created"
rows=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from transpiled').fetchone()[0])" "$TOOLCHAIN_DIR/modules_v1.db")
expect_eq "$rows" "2" "both modules' transpiled output stored"
# Code caches are made on a module's second use (modules/module_loader.cc).
[[ -f $TOOLCHAIN_DIR/code_cache_v1.db ]] && fail "code caches made on a first use"
out=$(run main.ts 2>&1); expect_eq "$out" "42" "second run"
caches=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from code_cache').fetchone()[0])" "$TOOLCHAIN_DIR/code_cache_v1.db")
expect_eq "$caches" "2" "both modules' code caches stored"

# Garbage instead of a database.
head -c 8192 /dev/urandom > "$TOOLCHAIN_DIR/modules_v1.db"; rm -f "$TOOLCHAIN_DIR"/modules_v1.db-*
out=$(run main.ts 2>&1)
expect_eq "$out" "Warning: the cache database $TOOLCHAIN_DIR/modules_v1.db is corrupt; set it aside as $TOOLCHAIN_DIR/modules_v1.db.bad and rebuilding it.
42" "corrupt database"
out=$(run main.ts 2>&1); expect_eq "$out" "42" "rebuilt database is quiet"

# Truncated: the header survives, the pages do not.
python3 -c "import sqlite3,sys; sqlite3.connect(sys.argv[1]).execute('pragma wal_checkpoint(TRUNCATE)')" "$TOOLCHAIN_DIR/code_cache_v1.db"
truncate -s 50 "$TOOLCHAIN_DIR/code_cache_v1.db"
out=$(run main.ts 2>&1); expect_contains "$out" "code_cache_v1.db is corrupt; set it aside" "truncated database"
expect_eq "$(printf '%s' "$out" | grep -c Warning)" "1" "one warning"
expect_eq "${out##*$'\n'}" "42" "truncated database: still runs"

# Another schema version.
python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('pragma user_version=99'); c.commit()" "$TOOLCHAIN_DIR/modules_v1.db"
out=$("$bin" cache --no-daemon main.ts 2>&1)
expect_contains "$out" "modules_v1.db has schema version 99, not 1; set it aside" "other schema"
out=$(run main.ts 2>&1); expect_eq "$out" "42" "other schema: still runs"
out=$(run main.ts 2>&1); expect_eq "$out" "42" "after rebuild"

# A cache directory whose parents do not exist yet (a fresh machine has no
# ~/.cache): they are made.
out=$(XDG_CACHE_HOME=$work/fresh/.cache TOOLCHAIN_DIR= run main.ts 2>&1)
expect_eq "$out" "42" "missing parents: no warning"
[[ -f $work/fresh/.cache/toolchain/modules_v1.db ]] || fail "missing parents: modules_v1.db not created"

# A cache directory that cannot be created (read-only for root too).
out=$(TOOLCHAIN_DIR=/proc/self/toolchain-cache run main.ts 2>&1)
expect_contains "$out" "Warning: the module cache at /proc/self/toolchain-cache cannot be written" "read-only dir"
expect_eq "$(printf '%s' "$out" | grep -c Warning)" "1" "read-only dir: one warning"
expect_eq "$(printf '%s' "$out" | grep -v Warning)" "42" "read-only dir: still runs"

# Many processes at once on a cold cache, and again warm.
rm -rf "$TOOLCHAIN_DIR"
for round in cold warm; do
  for i in $(seq 8); do (run main.ts > "$work/out.$i" 2>&1) & done
  wait
  for i in $(seq 8); do expect_eq "$(cat "$work/out.$i")" "42" "concurrent $round run $i"; done
done
# A small program reads and writes no database at all.
rm -rf "$TOOLCHAIN_DIR"
printf 'const n: number = 7;\nconsole.log(n * 6);\n' > small.ts
expect_eq "$(run small.ts 2>&1)" "42" "small program"
expect_eq "$(ls "$TOOLCHAIN_DIR" 2>/dev/null | grep -c '\.db')" "0" "small program: no database opened"

# What loading learnt is written while the main module evaluates: a program
# that throws at its top level still leaves its imports transpiled.
rm -rf "$TOOLCHAIN_DIR"
for i in $(seq 0 19); do printf 'export const v%d: number = %d;\n' "$i" "$i" > "m$i.ts"; done
{ for i in $(seq 0 19); do echo "import { v$i } from \"./m$i.ts\";"; done
  echo "console.log($(seq -s ' + ' -f 'v%g' 0 19));"; echo 'throw new Error("late");'; } > throws.ts
out=$(run throws.ts 2>&1); expect_contains "$out" "Error: late" "a program that throws after loading"
rows=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from transpiled').fetchone()[0])" "$TOOLCHAIN_DIR/modules_v1.db")
expect_eq "$rows" "20" "its imports' transpiled output stored"
# Imports compiled ahead on the workers report V8's syntax errors as the loader's own compile does.
printf 'export const y = {;\n' > bad.js
sed -i 's|^console.log|import "./bad.js";\nconsole.log|' throws.ts
for k in 1 2; do
  out=$(run throws.ts 2>&1); expect_contains "$out" "bad.js:1:19" "a syntax error in an import compiled ahead (run $k)"
done
finish
