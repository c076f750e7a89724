#!/usr/bin/env bash
# The thin client: no V8 linked, --version and --help answered without a
# daemon and with the engine's texts, start-up cheap.
source "$(dirname "$0")/lib.bash" "$@"

libs=$(ldd "$tc")
echo "$libs"
check "ldd shows no libnode" bash -c "! grep -qi 'libnode\|libv8' <<<'$libs'"
check "no Boost shared library either" bash -c "! grep -qi 'boost' <<<'$libs'"

expect_eq "--version as the engine's" "$("$tc" --version)" "$("$engine" --version)"
expect_eq "-V" "$("$tc" -V)" "$("$engine" -V)"
expect_eq "--help has the engine's text" "$("$tc" --help | grep -v '^  daemon ')" "$("$engine" --help)"
check "--help lists the daemon command" grep -q '^  daemon start|stop|status' <("$tc" --help)
expect_eq "no arguments: the help" "$("$tc")" "$("$tc" --help)"
expect_eq "--version starts no daemon" "$(daemon_pids)" ""
check "--version touches no runtime directory" test ! -e "$TOOLCHAIN_RUNTIME_DIR"

# About a millisecond (measured in bench/, only reported here: tests check no timing).
start=$(now_ms)
for _ in $(seq 50); do "$tc" --version >/dev/null; done
elapsed=$(($(now_ms) - start))
echo "50 x --version: $elapsed ms"
finish
