#!/usr/bin/env bash
# op_sanitizer.sh BINARY
# The op sanitizer catches an async op a test started and never awaited, in
# Deno 2.9.6's words (recorded from Deno with the same program), and with
# --trace-leaks says where it started. The op is a read of a FIFO no one
# writes to until the run is over, so it is still pending when the test ends.
set -uo pipefail
bin=$(realpath "$1")
tmp=$(mktemp -d)
writer=
cleanup() {
  [[ -n $writer ]] && kill "$writer" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
cd "$tmp"
mkfifo fifo
cat > op_test.ts <<'JS'
Deno.test("leaks an op", { sanitizeOps: true }, () => {
  Deno.readTextFile("fifo");
});
Deno.test("after", () => {});
JS
fail() { echo "FAIL: $*"; exit 1; }
# Unblocks the pending read once the run has reported (each run opens the FIFO once).
# (In-process the program may end first; then no one reads and the writer gives up.)
unblock() { (sleep 2; timeout 3 sh -c 'echo > fifo') & writer=$!; }

unblock
NO_COLOR=1 "$bin" test -A > out.txt 2> err.txt
code=$?
[[ $code == 1 ]] || fail "exit code $code"
expected='leaks an op => ./op_test.ts:1:6
error: Leaks detected:
  - An async operation to read a text file was started in this test, but never completed. This is often caused by not awaiting the result of a `Deno.readTextFile` call.
To get more details where leaks occurred, run again with the --trace-leaks flag.'
grep -qF -- "$expected" <(sed -n '/ ERRORS /,/ FAILURES /p' out.txt) || fail "report: $(cat out.txt)"
grep -q '^after \.\.\. ok' out.txt || fail "the next test did not run: $(cat out.txt)"
wait "$writer" 2>/dev/null

unblock
NO_COLOR=1 "$bin" test -A --trace-leaks > trace.txt 2>&1
grep -q 'Deno.readTextFile` call. The operation was started here:$' trace.txt || fail "trace: $(cat trace.txt)"
grep -Eq '^    at file://.*/op_test.ts:2:8$' trace.txt || fail "trace location: $(cat trace.txt)"
wait "$writer" 2>/dev/null
writer=
echo ok
