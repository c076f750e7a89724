#!/usr/bin/env bash
# The engine's share of the streams figures: the same JavaScript streams
# (web-streams-polyfill, the WHATWG reference implementation's descendant,
# installed from npm into a temporary folder) run by web.mjs on toolchain
# (V8 10.2), Node 20 (V8 11.3) and Deno 2.9.6 (V8 14). What toolchain / deno
# shows here is V8's doing, not our streams code's.
# Usage: bench/web/engine.sh [toolchain binary]   (ROUNDS as run.sh)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=$(realpath "${1:-$root/build/toolchain}")
lib=$(mktemp -d)
trap 'rm -rf "$lib"' EXIT
(cd "$lib" && npm init -y > /dev/null && npm install --no-audit --no-fund web-streams-polyfill@4.3.0 > /dev/null)
export STREAMS_MODULE=$lib/node_modules/web-streams-polyfill/dist/ponyfill.mjs
PEERS="deno node" "$here/run.sh" "$bin" "Stream constructor" "ReadableStream reader" "ReadableStream iterator" \
  "byte stream"
