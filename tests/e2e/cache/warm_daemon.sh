# A warm daemon re-runs a program with remote and local modules without
# reading SQLite (daemon/status: diskCache.sqliteReads stays put).
source "$(dirname "$0")/lib.bash"
start_server
cd "$work"
printf 'import { a } from "%s/mod.ts";\nimport { x } from "./dep.ts";\nconsole.log(a + x);\n' "$base" > main.ts
printf 'export const x: number = 100;\n' > dep.ts
reads() { "$bin" daemon status | sed -n "s/^disk cache sqlite reads *//p"; }
run -A main.ts > /dev/null 2>&1  # fills the databases
"$bin" daemon start > /dev/null
out=$("$bin" run -A main.ts 2>/dev/null); expect_eq "$out" "105" "first run"
before=$(reads)
[[ $before =~ ^[1-9][0-9]*$ ]] || fail "first run read SQLite: [$before]"
out=$("$bin" run -A main.ts 2>&1); expect_eq "$out" "105" "warm run"
expect_eq "$(reads)" "$before" "warm run reads nothing from SQLite"
out=$("$bin" run -A main.ts 2>&1); expect_eq "$out" "105" "warm run with code caches"
expect_eq "$(reads)" "$before" "nor does the next one"
"$bin" daemon stop > /dev/null
finish
