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
# Our release, plus the identity of the engine binary (a rebuilt engine replaces the daemon too).
check "it reports our version ($version+build)" bash -c "[[ '$(status_field version)' == $version+* ]]"
expect_eq "one daemon" "$(echo "$new" | grep -c .)" 1

# A rebuilt engine of the same release (here: a copy with another mtime) replaces it too.
cp "$(dirname "$tc")/toolchain-engine" "$tmp/toolchain-engine"
cp "$tc" "$tmp/toolchain"
touch -d '2001-01-01' "$tmp/toolchain-engine"
"$tmp/toolchain" run "$programs/hello.js" >/dev/null
first=$(daemon_pids)
touch "$tmp/toolchain-engine"
expect_eq "run after the engine was rebuilt" "$("$tmp/toolchain" run "$programs/hello.js")" "hello from toolchain"
check "the daemon of the older build was replaced" test "$(daemon_pids)" != "$first"
expect_eq "still one daemon" "$(daemon_pids | grep -c .)" 1
finish
