#!/usr/bin/env bash
# coverage.sh BINARY
# `test --coverage=DIR` writes V8's precise coverage (through the inspector
# protocol, one ScriptCoverage per file as Deno writes them), prints the table
# and leaves DIR/lcov.info and DIR/html; `coverage DIR [--lcov]` reports
# branch, function and line figures. Every expected text was recorded from
# Deno 2.9.6 on coverage_fixtures/ (@DIR@ stands for the project's folder):
# - expected/deno_coverage.*: `deno coverage` of the coverage files Deno's own
#   run wrote (deno_coverage/*.json, for the two .js files whose offsets do
#   not depend on a transpiler), read here by our `coverage`;
# - expected/test_coverage.*: `deno test --coverage=deno_cov` of the project,
#   then `deno coverage deno_cov --lcov`; our own run must give the same
#   figures. One line differs by V8 version and is left out of the comparison:
#   V8 10.2 starts a class's field initializer at `class`, V8 14 at the field.
set -uo pipefail
bin=$(realpath "$1")
fixtures=$(cd "$(dirname "$0")/coverage_fixtures" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$fixtures/." "$tmp/"
cd "$tmp"
export NO_COLOR=1
fail() { echo "FAIL: $*"; exit 1; }
expect() {  # expect NAME ACTUAL_FILE EXPECTED_FILE
  diff <(sed "s|@DIR@|$tmp|g" "$3") "$2" > diff.txt || fail "$1 differs (expected < > actual):
$(cat diff.txt)"
}
sed -i "s|@DIR@|$tmp|g" deno_coverage/*.json

# Deno's coverage files, our report.
"$bin" coverage deno_coverage > table.txt 2>&1 || fail "coverage: $(cat table.txt)"
expect "table of Deno's files" table.txt expected/deno_coverage.table
"$bin" coverage deno_coverage --lcov > lcov.txt 2>&1 || fail "coverage --lcov: $(cat lcov.txt)"
expect "lcov of Deno's files" lcov.txt expected/deno_coverage.lcov

# Our run, our report, Deno's figures.
"$bin" test --coverage=cov > test.out 2> test.err || fail "test: $(cat test.out test.err)"
sed -E 's/ \([0-9.]+(ms|µs|s)\)$/ (T)/' test.out > test_normalized.txt
sed -E 's/ \([0-9.]+(ms|µs|s)\)$/ (T)/' expected/test_coverage.out > expected_test.txt
expect "test --coverage output" test_normalized.txt expected_test.txt
sed -i "s|@DIR@/deno_cov|$tmp/cov|g" expected/test_coverage.err
expect "test --coverage messages" test.err expected/test_coverage.err
[[ -s cov/lcov.info && -s cov/html/index.html && -s cov/html/classify.ts.html ]] || fail "no lcov.info or html report in cov/"
grep -q 'class="miss"' cov/html/classify.ts.html || fail "the html report marks no line never run"
ls cov/*.json > /dev/null 2>&1 || fail "no coverage file written"
"$bin" coverage cov --lcov | grep -v '^FN:[0-9]*,<instance_members_initializer>$' > lcov.txt
grep -v '^FN:[0-9]*,<instance_members_initializer>$' expected/test_coverage.lcov > expected_lcov.txt
expect "lcov of our run" lcov.txt expected_lcov.txt
cmp -s cov/lcov.info <("$bin" coverage cov --lcov) || fail "cov/lcov.info is not what coverage --lcov prints"
grep -q "classify_test" lcov.txt && fail "a test file is in the report"

# A second run adds its counts to the first's.
"$bin" test --coverage=cov > /dev/null 2>&1 || fail "second test run"
"$bin" coverage cov --lcov | grep -qx "FNDA:4,classify" || fail "counts of two runs not merged"

# Bad input: one line saying what is wrong.
"$bin" coverage missing > out.txt 2>&1 && fail "a missing folder was accepted"
grep -qx "error: No coverage files found in $tmp/missing" out.txt || fail "missing folder: $(cat out.txt)"
mkdir bad && echo '{"url": 1}' > bad/x.json
"$bin" coverage bad > out.txt 2>&1 && fail "a bad coverage file was accepted"
grep -q "^error: $tmp/bad/x.json is not a coverage file: " out.txt || fail "bad file: $(cat out.txt)"
mkdir only && echo 'Deno.test("t", () => {});' > only/a_test.ts
"$bin" test --coverage=cov_only only > out.txt 2> err.txt || fail "a run with nothing to cover failed"
[[ $(cat err.txt) == "Error generating coverage report: No covered files included in the report" ]] ||
  fail "nothing covered: $(cat err.txt)"
echo ok
