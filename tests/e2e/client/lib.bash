# Shared set-up for the thin client's end-to-end tests; sourced by each test as
#   source lib.bash "$@"      (argument 1: the `toolchain` client binary)
# Each test gets its own runtime directory (socket, lock) and TOOLCHAIN_DIR
# (daemon.log) in a temporary folder, and its daemon is stopped at the end,
# also when the test fails.
set -uo pipefail

tc=$(realpath "$1")
engine=$(dirname "$tc")/toolchain-engine
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
programs=$here/programs
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tc-e2e.XXXXXX")
export TOOLCHAIN_RUNTIME_DIR=$tmp/run
export TOOLCHAIN_DIR=$tmp/cache
export TOOLCHAIN_DAEMON_IDLE=${TOOLCHAIN_DAEMON_IDLE:-5m}  # a leaked daemon still goes away
export NO_COLOR=1
unset TOOLCHAIN_NO_DAEMON TOOLCHAIN_VERSION_OVERRIDE
log=$TOOLCHAIN_DIR/daemon.log

# The daemons serving this test's runtime directory (pids, one per line).
daemon_pids() {
  local dir pid
  for dir in /proc/[0-9]*; do
    pid=${dir#/proc/}
    [[ $pid == "$$" || $pid == "$BASHPID" ]] && continue
    # (reading another process's files can race with its exit: ignore failures)
    tr '\0' '\n' 2>/dev/null <"$dir/environ" | grep -qxF "TOOLCHAIN_RUNTIME_DIR=$TOOLCHAIN_RUNTIME_DIR" || continue
    local cmd
    cmd=$(tr '\0' ' ' 2>/dev/null <"$dir/cmdline") || continue
    local state
    state=$(sed -E 's/.*\) (.).*/\1/' "$dir/stat" 2>/dev/null) || continue
    [[ $state == Z ]] && continue
    # the engine serving the socket, not a client asking about it
    [[ $cmd == *daemon* && ${cmd%% *} != toolchain && $(basename "${cmd%% *}") != toolchain ]] && echo "$pid"
  done
}

cleanup() {
  "$tc" daemon stop >/dev/null 2>&1
  local pid
  for pid in $(daemon_pids); do kill -9 "$pid" 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup EXIT

failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
# check DESCRIPTION COMMAND…: runs the command, fails the test when it fails.
check() {
  local what=$1
  shift
  if "$@"; then echo "ok: $what"; else fail "$what"; fi
}
# expect_eq WHAT ACTUAL EXPECTED
expect_eq() {
  if [[ $2 == "$3" ]]; then
    echo "ok: $1"
  else
    fail "$1"
    echo "--- expected:" >&2; printf '%s\n' "$3" >&2
    echo "--- actual:" >&2; printf '%s\n' "$2" >&2
  fi
}
finish() {
  if ((failures)); then
    echo "$failures check(s) failed" >&2
    [[ -f $log ]] && { echo "--- daemon.log:" >&2; tail -n 30 "$log" >&2; }
    exit 1
  fi
  exit 0
}

# now_ms: milliseconds since the epoch.
now_ms() { echo $(($(date +%s%N) / 1000000)); }

# wait_for SECONDS COMMAND…: polls the command every 20 ms until it succeeds.
wait_for() {
  local deadline=$(($(now_ms) + $1 * 1000))
  shift
  until "$@"; do
    (($(now_ms) > deadline)) && return 1
    sleep 0.02
  done
}

# The daemon's pid as `toolchain daemon status --json` reports it ("" if none).
status_field() {
  "$tc" daemon status --json 2>/dev/null | grep -oE "\"$1\":(\"[^\"]*\"|[0-9]+)" | head -1 | cut -d: -f2 | tr -d '"'
}
alive() { kill -0 "$1" 2>/dev/null && [[ $(sed -E 's/.*\) (.).*/\1/' "/proc/$1/stat" 2>/dev/null) != Z ]]; }
