#!/usr/bin/env bash
# The project's one entry point.
#   ./build.sh        install what is missing, build, run examples/hello.ts
#   ./build.sh test   install what is missing, build, run every test (CTest)
# Idempotent: each step checks first and does nothing when its result is already there.
set -euo pipefail
cd "$(dirname "$0")"
root=$PWD
build=${TOOLCHAIN_BUILD_DIR:-$root/build}

# Debian packages the build and the runtime need (libnode108's C libraries included).
packages=(cmake ninja-build g++ clang libclang-rt-14-dev pkg-config libboost1.81-dev libboost-json1.81-dev libfmt-dev
  libsqlite3-dev libtree-sitter-dev libgtest-dev libicu-dev libicu72 libuv1 libc-ares2 libnghttp2-14
  libbrotli1 libssl3 zlib1g libssl-dev zlib1g-dev libbrotli-dev liburing-dev
  python3)  # python3: the end-to-end tests' clients and servers
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# V8: Debian's libnode108 + libnode-dev, unpacked (Node.js 20 conflicts with installing them).
libnode=$root/third_party/libnode
if [[ ! -f $libnode/.unpacked ]]; then
  echo "setup: fetching libnode108 and libnode-dev" >&2
  debs=$root/third_party/debs
  rm -rf "$debs" "$libnode" && mkdir -p "$debs" "$libnode"
  (cd "$debs" && apt-get download -qq libnode108 libnode-dev 2>/dev/null ||
    { apt-get update -qq && apt-get download libnode108 libnode-dev; })
  for deb in "$debs"/*.deb; do dpkg-deb -x "$deb" "$libnode"; done
  ls "$debs" > "$libnode/.unpacked"
fi

# tree-sitter grammars from npm, pinned by third_party/package-lock.json.
grammars=$root/third_party
if ! cmp -s "$grammars/package-lock.json" "$grammars/node_modules/.toolchain-lock" 2>/dev/null; then
  echo "setup: installing tree-sitter grammars from npm" >&2
  (cd "$grammars" && npm ci --ignore-scripts --no-audit --no-fund --omit=peer --omit=optional >/dev/null)
  cp "$grammars/package-lock.json" "$grammars/node_modules/.toolchain-lock"
fi

# The WebSocket end-to-end tests' client (Node's ws), pinned by its own package-lock.json.
wsclient=$root/tests/e2e/websocket
if ! cmp -s "$wsclient/package-lock.json" "$wsclient/node_modules/.toolchain-lock" 2>/dev/null; then
  echo "setup: installing the WebSocket test client from npm" >&2
  (cd "$wsclient" && npm ci --ignore-scripts --no-audit --no-fund >/dev/null)
  cp "$wsclient/package-lock.json" "$wsclient/node_modules/.toolchain-lock"
fi

# Build (incremental).
if [[ ! -f $build/build.ninja ]]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE:-Release} >/dev/null
fi
cmake --build "$build"

case "${1:-example}" in
  example) "$build/toolchain" run "$root/examples/hello.ts" ;;
  test) ctest --test-dir "$build" --output-on-failure -j"$(nproc)" ;;
  build) ;;
  *) echo "usage: ./build.sh [example|test|build]" >&2; exit 2 ;;
esac
