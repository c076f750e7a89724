#!/usr/bin/env bash
# `toolchain daemon start|stop|status`.
source "$(dirname "$0")/lib.bash" "$@"

out=$("$tc" daemon status); code=$?
expect_eq "status without a daemon" "$out" "no daemon running"
expect_eq "status without a daemon: exit code" "$code" 1
out=$("$tc" daemon stop); code=$?
expect_eq "stop without a daemon" "$out" "no daemon running"
expect_eq "stop without a daemon: exit code" "$code" 0

out=$("$tc" daemon start); code=$?
expect_eq "start: exit code" "$code" 0
pid=$(daemon_pids)
expect_eq "start prints the pid" "$out" "daemon running (pid $pid)"
out=$("$tc" daemon start)
expect_eq "start again: the same daemon" "$out" "daemon running (pid $pid)"
expect_eq "still one daemon" "$(daemon_pids)" "$pid"

"$tc" run "$programs/hello.js" >/dev/null
status=$("$tc" daemon status); code=$?
echo "$status"
expect_eq "status: exit code" "$code" 0
for field in "pid +$pid" "version +[0-9]" "uptime +[0-9.]+s" "requests served +[1-9]" "isolates alive +[0-9]" \
  "memory \(RSS\) +[0-9.]+ (B|KiB|MiB|GiB)" "module cache entries +[0-9]" "module cache hits +[0-9]" \
  "module cache misses +[0-9]" "module cache transpiles +[0-9]"; do
  check "status shows '$field'" grep -qE "^$field" <<<"$status"
done
json=$("$tc" daemon status --json)
echo "$json"
check "status --json is the raw result" grep -qE "^\{.*\"pid\":$pid[,}].*\"moduleCache\":\{" <<<"$json"
for key in version uptimeMs requestsServed isolatesAlive rssBytes entries hits misses transpiles; do
  check "status --json has $key" grep -q "\"$key\":" <<<"$json"
done

out=$("$tc" daemon stop); code=$?
expect_eq "stop" "$out" "daemon stopped"
expect_eq "stop: exit code" "$code" 0
check "the daemon process is gone" bash -c "! kill -0 $pid 2>/dev/null || grep -q '^[0-9]* (.*) Z' /proc/$pid/stat"
expect_eq "no daemon after stop" "$(daemon_pids)" ""
out=$("$tc" daemon status)
expect_eq "status after stop" "$out" "no daemon running"

out=$("$tc" daemon frobnicate 2>&1); code=$?
expect_eq "unknown daemon command: exit code" "$code" 1
check "unknown daemon command: usage" grep -q "Usage: toolchain daemon start|stop|status" <<<"$out"
finish
