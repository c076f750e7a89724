#!/usr/bin/env bash
# Ctrl-C (SIGINT) in the client ends a `while (true) {}` program: the client
# exits 130 at once, and the daemon keeps serving. SIGTERM exits 143. A client
# that goes away (SIGKILL) has its program terminated too.
source "$(dirname "$0")/lib.bash" "$@"
set -m  # background jobs keep SIGINT (a non-interactive shell would ignore it for them)
cd "$programs"
"$tc" daemon start >/dev/null
daemon=$(daemon_pids)

# interrupt SIGNAL EXPECTED_CODE
interrupt() {
  local sig=$1 expected=$2
  : >"$tmp/out"
  "$tc" run loop.js >"$tmp/out" 2>"$tmp/err" &
  local client=$!
  if ! wait_for 30 grep -q started "$tmp/out"; then
    fail "$sig: the program did not start"
    kill -9 $client
    return
  fi
  local start
  start=$(now_ms)
  kill -"$sig" $client
  (sleep 10; kill -9 $client 2>/dev/null) &  # a client that hangs fails instead of blocking the test
  local watchdog=$!
  wait $client
  local code=$? elapsed=$(($(now_ms) - start))
  { kill $watchdog && wait $watchdog; } 2>/dev/null
  expect_eq "$sig: exit code" "$code" "$expected"
  echo "$sig: the client exited ${elapsed} ms after the signal"
  # Timing is measured (bench), not tested: the elapsed time is only reported.
}

interrupt INT 130
interrupt TERM 143
expect_eq "the daemon survived" "$(daemon_pids)" "$daemon"
out=$("$tc" run hello.js); code=$?
expect_eq "the daemon keeps serving" "$code:$out" "0:hello from toolchain"
# The cancelled programs are gone from the daemon.
check "no isolate left running" wait_for 10 bash -c "[[ \$('$tc' daemon status --json | grep -oE '\"isolatesAlive\":[0-9]+') == '\"isolatesAlive\":0' ]]"

# A client killed outright cannot cancel: its closed connection ends the program.
"$tc" run loop.js >"$tmp/out" 2>&1 &
client=$!
wait_for 30 grep -q started "$tmp/out" || fail "the program did not start"
kill -9 $client
wait $client 2>/dev/null
check "the orphaned program is terminated" wait_for 10 bash -c "[[ \$('$tc' daemon status --json | grep -oE '\"isolatesAlive\":[0-9]+') == '\"isolatesAlive\":0' ]]"
out=$("$tc" run hello.js); code=$?
expect_eq "the daemon still serves" "$code:$out" "0:hello from toolchain"
finish
