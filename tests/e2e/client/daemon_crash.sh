#!/usr/bin/env bash
# A daemon that dies during a request: the client says so in one line and
# exits 1; the next invocation starts a fresh daemon.
source "$(dirname "$0")/lib.bash" "$@"
cd "$programs"
"$tc" daemon start >/dev/null
old=$(daemon_pids)

"$tc" run loop.js >"$tmp/out" 2>"$tmp/err" &
client=$!
wait_for 30 grep -q started "$tmp/out" || fail "the program did not start"
kill -9 "$old"
wait_for 10 bash -c "! kill -0 $client 2>/dev/null" || fail "the client did not notice"
wait $client
expect_eq "exit code" $? 1
expect_eq "one line on stderr" "$(cat "$tmp/err")" \
  "error: the toolchain daemon exited unexpectedly (see $TOOLCHAIN_DIR/daemon.log)"

out=$("$tc" run hello.js 2>&1); code=$?
expect_eq "the next run works" "$code:$out" "0:hello from toolchain"
new=$(daemon_pids)
check "a fresh daemon serves it" test -n "$new" -a "$new" != "$old"
expect_eq "one daemon" "$(echo "$new" | grep -c .)" 1
finish
