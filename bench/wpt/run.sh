#!/usr/bin/env bash
# Web-platform-tests pass rates of toolchain and Deno, in the same run.
#
#   bench/wpt/run.sh [FOLDER...]        (default: every measured folder)
#
# Runs each WPT `.any.js` file of the folders (the window/worker-agnostic
# tests; no HTML, nothing that needs the WPT server) in its own process under
# each runtime through runner.js, and prints per folder: files, and subtests
# passed/total for each runtime. A file that crashes or times out counts its
# subtests as failed; a file's subtest count is the larger of the two
# runtimes' counts (so a crash on one side still counts the other's subtests).
#
# WPT is not in the project: it is downloaded at run time into the ignored
# bench/wpt/.cache/ (see README.md). Environment:
#   TOOLCHAIN       the engine to measure (default build/toolchain-engine)
#   DENO            the reference (default: /work/shared/bench/peers.sh's)
#   WPT_EXTRA_DIR   another WPT tree (same layout) holding more folders, e.g.
#                   fetch/api/{headers,request,response}; its folders are
#                   measured when present
#   NODE_ORIG_TARBALL  a local copy of the tarball below (skips the download)
#   WPT_TIMEOUT     seconds per file and runtime (default 60)
#   WPT_JOBS        files run at once (default 1)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cache=$here/.cache

# Debian's Node 18 source vendors WPT (test/fixtures/wpt) for encoding,
# streams, url, dom/abort, dom/events, resources/ and common/.
tarball_url='http://deb.debian.org/debian-security/pool/updates/main/n/nodejs/nodejs_18.20.4%2bdfsg.orig.tar.xz'
tarball_sha256=6ce58062c71eae37d9c5ac31eeaeff9c2d48561d21c2849179d056c9c1bd9ebc
wpt=$cache/wpt
if [[ ! -f $wpt/resources/testharness.js ]]; then
  mkdir -p "$cache"
  tarball=${NODE_ORIG_TARBALL:-$cache/node-orig.tar.xz}
  if [[ ! -f $tarball ]]; then
    echo "downloading $tarball_url" >&2
    curl -fsSL -o "$tarball.part" "$tarball_url"
    mv "$tarball.part" "$tarball"
  fi
  echo "$tarball_sha256  $tarball" | sha256sum -c --quiet - ||
    { echo "wpt: $tarball does not have the pinned sha256" >&2; exit 1; }
  rm -rf "$cache/unpack" && mkdir -p "$cache/unpack"
  tar -xJf "$tarball" -C "$cache/unpack" --wildcards '*/test/fixtures/wpt/*'
  rm -rf "$wpt" && mv "$cache"/unpack/node-*/test/fixtures/wpt "$wpt"
  rm -rf "$cache/unpack"
fi

TOOLCHAIN=${TOOLCHAIN:-$root/build/toolchain-engine}
if [[ -z ${DENO:-} ]]; then eval "$(/work/shared/bench/peers.sh)"; fi
[[ -x $TOOLCHAIN ]] || { echo "wpt: no engine at $TOOLCHAIN (build first)" >&2; exit 1; }
timeout_s=${WPT_TIMEOUT:-60}
jobs=${WPT_JOBS:-1}

folders=("$@")
if ((${#folders[@]} == 0)); then
  folders=(encoding streams url dom/abort dom/events)
  if [[ -n ${WPT_EXTRA_DIR:-} ]]; then
    for f in fetch/api/headers fetch/api/request fetch/api/response; do
      [[ -d $WPT_EXTRA_DIR/$f ]] && folders+=("$f")
    done
  fi
fi

# Files that need the WPT server (network, proxy or server-side resources).
needs_server='fetch/api/request/request-bad-port.any.js
fetch/api/response/json.any.js'

out=${WPT_RESULTS:-$cache/results}  # per-file logs, files.tsv, report.txt
rm -rf "$out" && mkdir -p "$out"
list=$out/files.tsv
: >"$list"
for folder in "${folders[@]}"; do
  tree=$wpt
  [[ -d $wpt/$folder ]] || tree=${WPT_EXTRA_DIR:-}
  [[ -n $tree && -d $tree/$folder ]] || { echo "wpt: no folder $folder" >&2; exit 1; }
  (cd "$tree" && find "$folder" -name '*.any.js' | sort) | while read -r f; do
    grep -qxF "$f" <<<"$needs_server" && continue
    printf '%s\t%s\t%s\n' "$folder" "$tree" "$f" >>"$list"
  done
done

# One file under one runtime: its WPT_RESULT line (or nothing) into a file.
run_one() {
  local name=$1 tree=$2 file=$3 t=$timeout_s
  grep -q '^// META: timeout=long' "$tree/$file" && t=$((timeout_s * 2))
  local dest=$out/$name/$file.out
  mkdir -p "$(dirname "$dest")"
  local cmd
  if [[ $name == toolchain ]]; then cmd=("$TOOLCHAIN" run -A); else cmd=(env -u RUST_BACKTRACE NO_COLOR=1 "$DENO" run -A); fi
  (cd "$tree" && timeout -k 5 "$t" "${cmd[@]}" "$here/runner.js" "$wpt" "$tree" "$file" \
    >"$dest.log" 2>&1) || echo "exit $?" >>"$dest.log"
  grep -m1 -E '^WPT_(RESULT|SKIP) ' "$dest.log" >"$dest" || true
}
running=0
while IFS=$'\t' read -r _ tree file; do
  for name in toolchain deno; do
    run_one "$name" "$tree" "$file" &
    if ((++running >= jobs)); then wait -n || true; ((running--)) || true; fi
  done
done <"$list"
wait

python3 "$here/summarize.py" "$out"
