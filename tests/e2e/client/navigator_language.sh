#!/usr/bin/env bash
# navigator.language comes from the client's LC_ALL, LC_MESSAGES or LANG (the
# daemon runs each program with its client's environment), as Deno 2.9.6 maps
# them (expected values from Deno).
source "$(dirname "$0")/lib.bash" "$@"
cd "$programs"

lang_of() {  # lang_of [--no-daemon] [VAR=VALUE…]
  local flags=()
  [[ ${1:-} == --no-daemon ]] && { flags=(--no-daemon); shift; }
  env -u LC_ALL -u LC_MESSAGES -u LANG "$@" "$tc" run "${flags[@]}" navigator_language.js
}
expect_eq "daemon: LANG=de_DE.UTF-8" "$(lang_of LANG=de_DE.UTF-8)" "de-DE de-DE"
expect_eq "in-process: LANG=de_DE.UTF-8" "$(lang_of --no-daemon LANG=de_DE.UTF-8)" "de-DE de-DE"
expect_eq "nothing set" "$(lang_of)" "en-US-u-va-posix en-US-u-va-posix"
expect_eq "LANG=C.UTF-8" "$(lang_of LANG=C.UTF-8)" "en-US-u-va-posix en-US-u-va-posix"
expect_eq "LC_ALL first" "$(lang_of LC_ALL=pt_BR.UTF-8 LANG=de_DE)" "pt-BR pt-BR"
expect_eq "LC_MESSAGES before LANG" "$(lang_of LC_MESSAGES=sv_SE LANG=de_DE)" "sv-SE sv-SE"
expect_eq "script subtag" "$(lang_of LANG=zh_Hant_TW.UTF-8)" "zh-Hant-TW zh-Hant-TW"
finish
