#!/usr/bin/env bash
# run_case.sh TOOLCHAIN PROGRAM
# Runs PROGRAM in its own folder with NO_COLOR=1 and the flags in PROGRAM.args,
# then compares stdout with PROGRAM.out, stderr with PROGRAM.err (empty if absent)
# and the exit code with PROGRAM.code (0 if absent). In expected text the literal
# [WILDCARD] matches any text.
set -uo pipefail
bin=$(realpath "$1")
program=$2
cd "$(dirname "$program")"
name=$(basename "$program")
flags=()
[[ -f $name.args ]] && read -r -a flags < "$name.args"
stdin=/dev/null
[[ -f $name.in ]] && stdin=$name.in
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
NO_COLOR=1 "$bin" run "${flags[@]}" "$name" < "$stdin" > "$tmp/out" 2> "$tmp/err"
code=$?
actual_out=$(cat "$tmp/out"; echo x); actual_out=${actual_out%x}
actual_err=$(cat "$tmp/err"; echo x); actual_err=${actual_err%x}

# matches TEXT EXPECTED: EXPECTED with [WILDCARD] pieces matches all of TEXT.
matches() {
  local rest=$1 pattern=$2 piece first=1
  while :; do
    if [[ $pattern == *"[WILDCARD]"* ]]; then
      piece=${pattern%%"[WILDCARD]"*}
      pattern=${pattern#*"[WILDCARD]"}
    else
      piece=$pattern
      if ((first)); then [[ $rest == "$piece" ]]; else [[ $rest == *"$piece" ]]; fi
      return
    fi
    if ((first)); then
      [[ $rest == "$piece"* ]] || return 1
      rest=${rest:${#piece}}
      first=0
    else
      [[ $rest == *"$piece"* ]] || return 1
      rest=${rest#*"$piece"}
    fi
  done
}

expected_out=$(cat "$name.out"; echo x); expected_out=${expected_out%x}
expected_err=""
[[ -f $name.err ]] && { expected_err=$(cat "$name.err"; echo x); expected_err=${expected_err%x}; }
expected_code=0
[[ -f $name.code ]] && expected_code=$(tr -d '[:space:]' < "$name.code")

status=0
if ! matches "$actual_out" "$expected_out"; then
  echo "--- stdout differs; expected:"; printf '%s' "$expected_out"; echo "--- actual:"; printf '%s' "$actual_out"; status=1
fi
if ! matches "$actual_err" "$expected_err"; then
  echo "--- stderr differs; expected:"; printf '%s' "$expected_err"; echo "--- actual:"; printf '%s' "$actual_err"; status=1
fi
if [[ $code != "$expected_code" ]]; then
  echo "--- exit code $code, expected $expected_code"; status=1
fi
exit $status
