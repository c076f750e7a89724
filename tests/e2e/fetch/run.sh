#!/usr/bin/env bash
# run.sh BINARY [--record]
# Starts the local fetch peer (server.mjs, node), then runs each cases/NAME.ts
# with BINARY through tests/js/run_case.sh (expected NAME.ts.out/.err/.code;
# flags in NAME.ts.args, default "--allow-net --allow-env"; NAME.ts.env adds
# environment variables, with @CERTS@ the certs folder). With --record,
# BINARY is Deno and the expected files are written from its output.
# CASES=GLOB runs (or records) only cases/GLOB.ts.
set -uo pipefail
bin=$1
record=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
node "$here/server.mjs" > "$tmp/ports" 2> "$tmp/server.err" &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do [[ -s $tmp/ports ]] && break; sleep 0.05; done
read -r HTTP_PORT HTTPS_PORT WRONG_HOST_PORT < "$tmp/ports" || { echo "server did not start"; cat "$tmp/server.err"; exit 1; }
# A port with nothing listening: bound, then closed.
REFUSED_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
export HTTP_PORT HTTPS_PORT WRONG_HOST_PORT REFUSED_PORT
status=0
for program in "$here"/cases/${CASES:-*}.ts; do
  name=$(basename "$program")
  [[ -f $program.args ]] || echo "--allow-net --allow-env" > "$tmp/default.args"
  envs=()
  [[ -f $program.env ]] && while read -r line; do envs+=("${line//@CERTS@/$here/certs}"); done < "$program.env"
  if [[ $record == --record ]]; then
    flags=$(cat "$program.args" 2>/dev/null || echo "--allow-net --allow-env")
    (cd "$here/cases" && env "${envs[@]}" NO_COLOR=1 "$bin" run $flags "$name" > "$name.out" 2> "$name.err"; echo $? > "$name.code")
    [[ -s $program.err ]] || rm -f "$program.err"
    [[ $(cat "$program.code") == 0 ]] && rm -f "$program.code"
    sed -i -e "s/$HTTP_PORT/[WILDCARD]/g; s/$REFUSED_PORT/[WILDCARD]/g" "$program.out" "$program.err" 2>/dev/null
    echo "recorded $name"
    continue
  fi
  if [[ ! -f $program.args ]]; then
    cp "$tmp/default.args" "$tmp/$name.args"
  fi
  # run_case.sh reads NAME.args beside the program; give it a copy with the defaults.
  work=$tmp/case
  mkdir -p "$work"
  cp "$program" "$work/"
  for f in "$program".*; do cp "$f" "$work/"; done
  [[ -f $work/$name.args ]] || cp "$tmp/default.args" "$work/$name.args"
  if timeout 60 env "${envs[@]}" bash "$here/../../js/run_case.sh" "$bin" "$work/$name" > "$tmp/result" 2>&1; then
    echo "ok   $name"
  else
    echo "FAIL $name"; cat "$tmp/result"; status=1
  fi
  rm -rf "$work"
done
exit $status
