#!/usr/bin/env bash
# The client exits with the code the program ends with.
source "$(dirname "$0")/lib.bash" "$@"
cd "$programs"

for code in 0 1 3 42 255; do
  "$tc" run exit_code.js $code
  expect_eq "Deno.exit($code)" $? $code
done
out=$("$tc" run exit_code_property.js); code=$?
expect_eq "Deno.exitCode = 7" "$code:$out" "7:set"
"$tc" run throws.js 2>"$tmp/err"
expect_eq "uncaught error: exit code" $? 1
check "uncaught error: reported on stderr" grep -q "error: Uncaught.*boom" "$tmp/err"
"$tc" run syntax_error.js 2>"$tmp/err"
expect_eq "syntax error: exit code" $? 1
check "syntax error: reported on stderr" grep -q "SyntaxError" "$tmp/err"
"$tc" run does_not_exist.js 2>"$tmp/err"
expect_eq "missing module: exit code" $? 1
check "missing module: reported on stderr" grep -q "does_not_exist.js" "$tmp/err"
"$tc" run --bogus-flag hello.js 2>"$tmp/err"
expect_eq "unknown flag: exit code" $? 1
check "unknown flag: reported on stderr" grep -q "unexpected argument '--bogus-flag'" "$tmp/err"
finish
