# Modules compiled ahead (runtime/modules/prefetch.*, ModuleLoader::compile_ahead):
# V8's compiles of the modules the workers prepared start while the isolate's
# context is made. A cold run (no databases) and a warm one give the same
# output; a run with one edited module (compiled eagerly ahead, with V8's
# --lazy-streaming switched off for that moment) still takes every other
# module's code cache and so writes none; a syntax error deep in the graph
# is reported where it is, and a
# coverage run still sees its imports' branches (V8 must know about coverage
# before it compiles them, so nothing is compiled ahead then).
source "$(dirname "$0")/lib.bash"
cd "$work"
# Ten chains of ten modules, as in bench/cache/run.sh.
for p in $(seq 0 9); do
  mkdir -p "pkg$p"
  for m in $(seq 0 9); do
    { [[ $m -lt 9 ]] && echo "import { f$((m + 1)) } from \"./m$((m + 1)).ts\";"
      echo "export function f$m(n: number): number {"
      [[ $m -lt 9 ]] && echo "  return n + f$((m + 1))(n);" || echo "  return n;"
      echo "}"
      for k in $(seq 20); do echo "export const value$k: number = $k * 2;"; done
    } > "pkg$p/m$m.ts"
  done
done
{ for p in $(seq 0 9); do echo "import { f0 as p$p } from \"./pkg$p/m0.ts\";"; done
  echo "let total = 0;"
  for p in $(seq 0 9); do echo "total += p$p($p);"; done
  echo 'console.log("total", total);'; } > main.ts
for round in cold second warm; do
  [[ $round == cold ]] && rm -rf "$TOOLCHAIN_DIR"
  expect_eq "$(run main.ts 2>&1)" "total 450" "$round run"
done
wal=$TOOLCHAIN_DIR/code_cache_v1.db-wal
[[ -f $wal ]] || fail "the second run made no code caches"
before=$(stat -c '%s %y' "$wal")
sed -i 's/return n + f6(n);/return n + f6(n) + 0;/' pkg3/m5.ts
expect_eq "$(run main.ts 2>&1)" "total 450" "run with one edited module"
expect_eq "$(stat -c '%s %y' "$wal")" "$before" "the edited run rejected no code cache (wrote none)"

# A syntax error in the last module of a chain, found cold and warm.
printf 'export function f9(n: number): number {\n  return n +;\n}\n' > pkg4/m9.ts
rm -rf "$TOOLCHAIN_DIR"
cold=$(run main.ts 2>&1)
expect_contains "$cold" "SyntaxError: " "cold syntax error"
expect_contains "$cold" "    at file://$work/pkg4/m9.ts:2:13" "cold syntax error location"
expect_eq "$(run main.ts 2>&1)" "$cold" "warm syntax error: the same report"
printf 'export function f9(n: number): number {\n  return n;\n}\n' > pkg4/m9.ts

# Coverage on a cold cache: the untaken branch of an imported module is seen.
rm -rf "$TOOLCHAIN_DIR"
printf 'export function pick(x: boolean): number {\n  if (x) {\n    return 1;\n  }\n  return 2;\n}\n' > dep.ts
printf 'import { pick } from "./dep.ts";\nDeno.test("pick", () => {\n  if (pick(true) !== 1) throw new Error("pick");\n});\n' > pick_test.ts
"$bin" test --no-daemon -q --coverage=cov pick_test.ts > /dev/null 2>&1 || fail "coverage test run"
report=$("$bin" coverage --lcov cov 2>&1)
expect_contains "$report" "BRDA:4,1,0,0" "cold coverage: the branch not taken"
expect_contains "$report" "DA:5,0" "cold coverage: the line not run"
finish
