#!/usr/bin/env bash
# The first `toolchain run` with no daemon starts one (detached, its own
# session, logging to $TOOLCHAIN_DIR/daemon.log) and is served by it; the next
# run reuses it. The runtime directory is private.
source "$(dirname "$0")/lib.bash" "$@"

expect_eq "no daemon at first" "$(daemon_pids)" ""
out=$("$tc" run "$programs/hello.js" 2>"$tmp/err"); code=$?
expect_eq "first run's output" "$out" "hello from toolchain"
expect_eq "first run's exit code" "$code" 0
expect_eq "first run's stderr" "$(cat "$tmp/err")" ""
pids=$(daemon_pids)
check "a daemon was started" test -n "$pids"
check "the socket exists" test -S "$TOOLCHAIN_RUNTIME_DIR/daemon.sock"
expect_eq "runtime directory mode" "$(stat -c %a "$TOOLCHAIN_RUNTIME_DIR")" 700
check "daemon.log was created" test -f "$log"
if [[ -n $pids ]]; then
  pid=$pids
  # Detached: its own session, not the test's; stdin is /dev/null; stdout and stderr are the log.
  expect_eq "daemon is a session leader" "$(ps -o sid= -p "$pid" | tr -d ' ')" "$pid"
  expect_eq "daemon stdin" "$(readlink "/proc/$pid/fd/0")" /dev/null
  expect_eq "daemon stdout" "$(readlink "/proc/$pid/fd/1")" "$log"
  expect_eq "daemon stderr" "$(readlink "/proc/$pid/fd/2")" "$log"
  expect_eq "status reports the pid" "$(status_field pid)" "$pid"
fi

out=$(cd "$programs" && "$tc" hello.js a b)
expect_eq "shorthand run in the program's folder" "$out" "hello from a b"
expect_eq "the same daemon served it" "$(daemon_pids)" "$pids"
requests=$(status_field requestsServed)
check "requestsServed counts the runs ($requests)" test "${requests:-0}" -ge 2
finish
