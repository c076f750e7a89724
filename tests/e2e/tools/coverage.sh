#!/usr/bin/env bash
# coverage.sh BINARY
# `test --coverage=DIR` writes V8's precise coverage (through the inspector
# protocol), `coverage DIR` reports branch, function and line figures, and
# `coverage DIR --lcov` the LCOV records. Test files are left out of the report.
set -uo pipefail
bin=$(realpath "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
export NO_COLOR=1
cat > lib.ts <<'TS'
export function classify(n: number): string {
  if (n < 0) {
    return "negative";
  } else if (n === 0) {
    return "zero";
  }
  return "positive";
}

export function unused(): number {
  return 42;
}
TS
cat > lib_test.ts <<'TS'
import { classify } from "./lib.ts";
Deno.test("classify", () => {
  if (classify(-1) !== "negative") throw new Error("bad");
  if (classify(5) !== "positive") throw new Error("bad");
});
TS
fail() { echo "FAIL: $*"; exit 1; }
"$bin" test --coverage=cov > test.txt 2>&1 || fail "test: $(cat test.txt)"
ls cov/*.json > /dev/null 2>&1 || fail "no coverage file written"
"$bin" coverage cov > table.txt 2>&1 || fail "coverage: $(cat table.txt)"
expected='| File      | Branch % | Function % | Line % |
| --------- | -------- | ---------- | ------ |
| lib.ts    |     66.7 |       50.0 |   63.6 |
| All files |     66.7 |       50.0 |   63.6 |'
[[ $(cat table.txt) == "$expected" ]] || fail "table:
$(cat table.txt)"
"$bin" coverage cov --lcov > lcov.txt 2>&1 || fail "lcov: $(cat lcov.txt)"
for line in "SF:$tmp/lib.ts" "FNDA:2,classify" "FNDA:0,unused" "DA:3,1" "DA:5,0" "DA:7,1" "DA:11,0" "BRDA:4,1,0,0" "end_of_record"; do
  grep -qx -- "$line" lcov.txt || fail "no '$line' in:
$(cat lcov.txt)"
done
grep -q lib_test lcov.txt && fail "the test file is in the report"
# A second run adds its counts to the first's.
"$bin" test --coverage=cov > /dev/null 2>&1 || fail "second test run"
"$bin" coverage cov --lcov | grep -qx "FNDA:4,classify" || fail "counts of two runs not merged"
echo ok
