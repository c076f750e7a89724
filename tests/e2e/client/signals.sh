#!/usr/bin/env bash
# Ctrl-C (SIGINT) and a program's signal listeners, through the daemon and
# in-process (--no-daemon): with a listener the listener runs and the program
# goes on (the client stays attached); without one the client exits 130 within
# 100 ms (measured, reported, not asserted: tests check behaviour, not timing).
source "$(dirname "$0")/lib.bash" "$@"
set -m  # background jobs keep SIGINT (a non-interactive shell would ignore it for them)
cd "$programs"
"$tc" daemon start >/dev/null

# start MODE PROGRAM: runs it in the background into $tmp/out; sets $client.
start() {
  local mode=$1 program=$2
  : >"$tmp/out"
  if [[ $mode == daemon ]]; then "$tc" run "$program" >"$tmp/out" 2>"$tmp/err" &
  else "$tc" --no-daemon run "$program" >"$tmp/out" 2>"$tmp/err" & fi
  client=$!
  if ! wait_for 30 grep -q started "$tmp/out"; then
    fail "$mode $program: the program did not start"
    kill -9 $client
    return 1
  fi
}

for mode in daemon no-daemon; do
  # No listener: the program ends at once.
  if start $mode loop.js; then
    begin=$(now_ms)
    kill -INT $client
    wait $client
    code=$? elapsed=$(($(now_ms) - begin))
    expect_eq "$mode, no listener: exit code" "$code" 130
    echo "$mode: exited ${elapsed} ms after SIGINT"
  fi

  # A listener: each SIGINT runs it and the program keeps running; the third exits 7.
  if start $mode sigint_listener.js; then
    for i in 1 2; do
      kill -INT $client
      wait_for 10 grep -q "SIGINT $i" "$tmp/out" || fail "$mode: listener $i did not run"
      check "$mode: still running after SIGINT $i" alive $client
    done
    kill -INT $client
    # A client that hangs fails the test instead of blocking it.
    wait_for 10 bash -c "! kill -0 $client 2>/dev/null" || { fail "$mode: the third SIGINT did not end it"; kill -9 $client; }
    wait $client
    code=$?
    expect_eq "$mode, listener: output" "$(cat "$tmp/out")" "$(printf 'started\nSIGINT 1\nSIGINT 2\nSIGINT 3')"
    expect_eq "$mode, listener: the program's exit code" "$code" 7
  fi
done
expect_eq "no isolate left running" "$(status_field isolatesAlive)" 0
finish
