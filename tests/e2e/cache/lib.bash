# Shared by the cache tests: a scratch folder, a module tree served over
# HTTP by serve.py on a free port, and helpers. $1 of each test is `toolchain`.
set -uo pipefail
bin=$(realpath "$1")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
work=$(mktemp -d)
export TOOLCHAIN_DIR=$work/cache NO_COLOR=1 TOOLCHAIN_RUNTIME_DIR=$work/run
server_pid=
# A daemon a test started (autostart) is stopped before its folder goes.
cleanup() {
  [[ -n $server_pid ]] && kill "$server_pid" 2>/dev/null
  "$bin" daemon stop >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect_eq() { [[ "$1" == "$2" ]] || fail "$3: expected [$2], got [$1]"; }
expect_contains() { [[ "$1" == *"$2"* ]] || fail "$3: expected to contain [$2], got [$1]"; }

# A remote tree: mod.ts -> lib/b.ts -> lib/c.js, and a JSON file.
start_server() {
  mkdir -p "$work/srv/lib"
  printf 'import { b } from "./lib/b.ts";\nimport { c } from "./lib/c.js";\nexport const a: number = b + c;\n' > "$work/srv/mod.ts"
  printf 'import { c } from "./c.js";\nexport const b: number = 1 + c;\n' > "$work/srv/lib/b.ts"
  printf 'export const c = 2;\n' > "$work/srv/lib/c.js"
  python3 "$here/serve.py" "$work/srv" "$work/port" & server_pid=$!
  for _ in $(seq 100); do [[ -f $work/port ]] && break; sleep 0.05; done
  port=$(cat "$work/port")
  base=http://127.0.0.1:$port
}

run() { "$bin" run --no-daemon "$@"; }
finish() { ((failures == 0)) && echo OK; exit $((failures > 0)); }
