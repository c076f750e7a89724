#!/usr/bin/env bash
# The client hands its own stdin, stdout and stderr to the daemon (SCM_RIGHTS):
# pipes, redirections and terminals behave as in-process. Each check runs
# through the daemon and in-process (--no-daemon).
source "$(dirname "$0")/lib.bash" "$@"
cd "$programs"

for mode in daemon no-daemon; do
  if [[ $mode == daemon ]]; then run=("$tc" run); else run=("$tc" --no-daemon run); fi

  first=$(timeout 20 "${run[@]}" lines.js | head -1)
  expect_eq "$mode: | head -1" "$first" "line 1"
  expect_eq "$mode: | wc -l" "$(timeout 20 "${run[@]}" lines.js | wc -l)" 2000

  printf 'one\ntwo\n' >"$tmp/in"
  expect_eq "$mode: < file" "$(timeout 20 "${run[@]}" cat.js <"$tmp/in")" "$(printf 'one\ntwo')"
  expect_eq "$mode: | stdin" "$(printf 'piped' | timeout 20 "${run[@]}" cat.js)" "piped"
  expect_eq "$mode: stdin at end of file" "$(timeout 20 "${run[@]}" cat.js </dev/null)" ""
  seq 1 20000 >"$tmp/big"
  expect_eq "$mode: stdin.readable piped to stdout.writable" \
    "$(timeout 20 "${run[@]}" cat_streams.js <"$tmp/big" | md5sum)" "$(md5sum <"$tmp/big")"

  timeout 20 "${run[@]}" hello.js x >"$tmp/out"
  expect_eq "$mode: > file" "$(cat "$tmp/out")" "hello from x"
  timeout 20 "${run[@]}" hello.js y >>"$tmp/out"
  expect_eq "$mode: >> file" "$(cat "$tmp/out")" "$(printf 'hello from x\nhello from y')"

  expect_eq "$mode: 2>&1 keeps the order" "$(timeout 20 "${run[@]}" interleave.js 2>&1)" \
    "$(printf 'out 1\nerr 1\nout 2\nerr 2\nout 3\nerr 3\nout 4\nerr 4\nout 5\nerr 5')"
  expect_eq "$mode: 2>/dev/null" "$(timeout 20 "${run[@]}" interleave.js 2>/dev/null | tr '\n' ' ')" "out 1 out 2 out 3 out 4 out 5 "
  expect_eq "$mode: >/dev/null 2>&1 | only stderr" "$(timeout 20 "${run[@]}" interleave.js 2>&1 >/dev/null | tr '\n' ' ')" \
    "err 1 err 2 err 3 err 4 err 5 "

  expect_eq "$mode: not a terminal" "$(timeout 20 "${run[@]}" tty.js </dev/null 2>/dev/null)" "stdin false stdout false stderr false"
  if command -v script >/dev/null; then
    # script(1) gives the client a pseudo-terminal for stdin, stdout and stderr.
    out=$(timeout 20 script -qec "$(printf '%q ' "${run[@]}") '$programs/tty.js'" /dev/null </dev/null | tr -d '\r')
    expect_eq "$mode: a terminal" "$out" "stdin true stdout true stderr true"
  fi

  # The program's cwd and environment are the client's.
  out=$(cd "$tmp" && TC_E2E_VALUE=from-client timeout 20 "${run[@]}" --allow-env --allow-read "$programs/env_cwd.js" a 'b c')
  expect_eq "$mode: cwd, env and args are the client's" "$out" "$(printf '%s\n%s\n%s' "$tmp" from-client '["a","b c"]')"
done
finish
