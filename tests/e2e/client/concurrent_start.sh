#!/usr/bin/env bash
# N=8 concurrent first invocations start exactly one daemon, and all are served.
source "$(dirname "$0")/lib.bash" "$@"

n=8
pids=()
for i in $(seq $n); do
  "$tc" run "$programs/hello.js" "$i" >"$tmp/out.$i" 2>"$tmp/err.$i" &
  pids+=($!)
done
for i in $(seq $n); do
  wait "${pids[$((i - 1))]}"
  expect_eq "client $i exit code" $? 0
  expect_eq "client $i output" "$(cat "$tmp/out.$i")" "hello from $i"
  expect_eq "client $i stderr" "$(cat "$tmp/err.$i")" ""
done
daemons=$(daemon_pids)
expect_eq "exactly one daemon ($(echo $daemons))" "$(echo "$daemons" | grep -c .)" 1
expect_eq "status names that daemon" "$(status_field pid)" "$daemons"
finish
