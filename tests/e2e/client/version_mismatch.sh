#!/usr/bin/env bash
# A daemon of another version is replaced automatically: the client shuts it
# down and starts one of its own version. (TOOLCHAIN_VERSION_OVERRIDE makes a
# daemon, and a client, claim another version.)
source "$(dirname "$0")/lib.bash" "$@"

TOOLCHAIN_VERSION_OVERRIDE=0.0.1-old "$tc" daemon start
old=$(daemon_pids)
check "an old daemon runs" test -n "$old"
expect_eq "it reports the old version" "$(status_field version)" 0.0.1-old
version=$("$tc" --version | head -1 | cut -d' ' -f2)

out=$("$tc" run "$programs/hello.js" 2>"$tmp/err"); code=$?
expect_eq "run with a stale daemon: output" "$out" "hello from toolchain"
expect_eq "run with a stale daemon: exit code" "$code" 0
expect_eq "run with a stale daemon: stderr" "$(cat "$tmp/err")" ""
new=$(daemon_pids)
check "the old daemon is gone" bash -c "! kill -0 $old 2>/dev/null || grep -q '^[0-9]* (.*) Z' /proc/$old/stat"
check "a new daemon runs" test -n "$new"
check "it is another process" test "$new" != "$old"
expect_eq "it reports our version" "$(status_field version)" "$version"
expect_eq "one daemon" "$(echo "$new" | grep -c .)" 1
finish
