#!/usr/bin/env bash
# gen_tests.sh DIR: 20 small test files (5 tests each, one with steps) in DIR.
set -euo pipefail
dir=$1
mkdir -p "$dir"
for i in $(seq 1 20); do
  cat > "$dir/case$(printf %02d "$i")_test.ts" <<TS
function fib(n: number): number {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}
Deno.test("fib $i", () => {
  if (fib(15) !== 610) throw new Error("fib");
});
Deno.test("strings $i", () => {
  const s = "x".repeat(100).split("").join("-");
  if (s.length !== 199) throw new Error("join");
});
Deno.test("async $i", async () => {
  const v = await Promise.resolve($i);
  if (v !== $i) throw new Error("async");
});
Deno.test("json $i", () => {
  const o = JSON.parse(JSON.stringify({ a: [1, 2, 3], b: { c: "$i" } }));
  if (o.b.c !== "$i") throw new Error("json");
});
Deno.test("steps $i", async (t) => {
  await t.step("one", () => {});
  await t.step("two", () => {});
});
TS
done
