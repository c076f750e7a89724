#!/usr/bin/env bash
# A program writing to a pipe whose reader has gone (`| head -1`) ends the same
# way in-process and through the daemon, as in Deno: console output to a closed
# pipe is dropped (exit 0, not death by SIGPIPE's 141), and
# Deno.stdout.writeSync throws BrokenPipe.
source "$(dirname "$0")/lib.bash" "$@"
cd "$programs"
for mode in daemon no-daemon engine; do
  case $mode in
    daemon) run=("$tc" run) ;;
    no-daemon) run=("$tc" --no-daemon run) ;;
    engine) run=("$engine" run) ;;
  esac
  out=$(timeout 20 "${run[@]}" lines.js | head -1; echo "codes ${PIPESTATUS[*]}")
  expect_eq "$mode: console.log | head -1" "$out" "$(printf 'line 1\ncodes 0 0')"
  out=$(timeout 20 "${run[@]}" lines_sync.js 2>"$tmp/err" | head -1; echo "codes ${PIPESTATUS[*]}")
  expect_eq "$mode: writeSync | head -1" "$out" "$(printf 'line 1\ncodes 0 0')"
  expect_eq "$mode: writeSync's error" "$(cat "$tmp/err")" "BrokenPipe: Broken pipe (os error 32) (true)"
done
finish
