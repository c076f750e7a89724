#!/usr/bin/env bash
# `--no-daemon`, TOOLCHAIN_NO_DAEMON=1 and the daemon give byte-identical
# stdout, stderr and exit codes; --no-daemon starts no daemon.
source "$(dirname "$0")/lib.bash" "$@"
js=$here/../../js

# run_mode MODE DIR FLAGS… FILE: runs the program as run_case.sh does, into $tmp/MODE.{out,err,code}.
run_mode() {
  local mode=$1 dir=$2
  shift 2
  local stdin=/dev/null
  [[ -f $dir/${*: -1}.in ]] && stdin=$dir/${*: -1}.in
  case $mode in
    daemon) (cd "$dir" && timeout 60 "$tc" run "$@") ;;
    no-daemon) (cd "$dir" && timeout 60 "$tc" --no-daemon run "$@") ;;
    env) (cd "$dir" && TOOLCHAIN_NO_DAEMON=1 timeout 60 "$tc" run "$@") ;;
    engine) (cd "$dir" && timeout 60 "$engine" run "$@") ;;
  esac <"$stdin" >"$tmp/$mode.out" 2>"$tmp/$mode.err"
  echo $? >"$tmp/$mode.code"
}

# In-process first: nothing may start a daemon.
cases=(console/arrays.js console/errors.js console/uncaught_error.js errors/syntax.js errors/exit_code.js
  errors/tla_never.ts errors/line42.ts modules/missing.ts timers/exit_in_timer.ts timers/microtask_error.ts
  fs/read_write.ts permissions/deny.ts)
for case in "${cases[@]}"; do
  dir=$js/$(dirname "$case")
  name=$(basename "$case")
  flags=()
  [[ -f $dir/$name.args ]] && read -r -a flags <"$dir/$name.args"
  for mode in engine no-daemon env daemon; do run_mode $mode "$dir" "${flags[@]}" "$name"; done
  for mode in no-daemon env daemon; do
    same=1
    for part in out err code; do
      if ! cmp -s "$tmp/engine.$part" "$tmp/$mode.$part"; then
        same=0
        fail "$case: $mode's $part differs from toolchain-engine's"
        diff "$tmp/engine.$part" "$tmp/$mode.$part" | head -20 >&2
      fi
    done
    ((same)) && echo "ok: $case ($mode, exit code $(cat "$tmp/$mode.code"))"
  done
done

# --no-daemon is a flag of the client: it never reaches the program or the engine,
# and only counts before the script name.
"$tc" daemon stop >/dev/null
rm -rf "$TOOLCHAIN_RUNTIME_DIR"
out=$(cd "$programs" && "$tc" --no-daemon run hello.js a; "$tc" run --no-daemon hello.js b; \
  TOOLCHAIN_NO_DAEMON=1 "$tc" hello.js c)
expect_eq "--no-daemon anywhere before the script" "$out" "$(printf 'hello from a\nhello from b\nhello from c')"
check "--no-daemon starts no daemon" test ! -e "$TOOLCHAIN_RUNTIME_DIR/daemon.sock"
expect_eq "no daemon process" "$(daemon_pids)" ""
out=$(cd "$programs" && "$tc" --no-daemon hello.js --no-daemon)
expect_eq "--no-daemon after the script is the program's" "$out" "hello from --no-daemon"
out=$(cd "$programs" && "$tc" hello.js --no-daemon)
expect_eq "... also through the daemon" "$out" "hello from --no-daemon"
finish
