# `toolchain info`: the tree and --json exactly as Deno 2.9.6 prints them
# (info/*.out, recorded from Deno with the folder and port replaced), modules
# that cannot be loaded listed as Deno lists them, and remote imports shown
# without --allow-import as "not capable" and never fetched.
source "$(dirname "$0")/lib.bash"
start_server
cd "$work"
mkdir app && cd app
printf 'import { l } from "./local.ts";\nimport "./local.ts";\nimport data from "./data.json" with { type: "json" };\nimport { s } from "./sub/s.ts";\nconst d = await import("./dyn.ts");\nconst t = await import(`./sub/s.ts`);\nconst n = await import("./" + "never.ts");\nexport const é = "ünïcode"; import "./sub/ü.js";\nconsole.log(l, s, data, d);\n' > main.ts
printf 'export const l: number = 1;\n' > local.ts
printf '{ "x": [1, 2] }\n' > data.json
mkdir sub
printf 'import { l } from "../local.ts";\nexport const s = l + 1;\n' > sub/s.ts
printf 'export const u = 1;\n' > 'sub/ü.js'
printf 'export const d = 2;\n' > dyn.ts
printf 'import "./nofile.ts";\nimport "./data.json";\nimport "./local.ts" with { type: "json" };\nimport "./local.ts";\nimport "./bad.ts";\n' > broken.ts
printf 'export const = ;\n' > bad.ts
printf 'import { a } from "%s/redirect/mod.ts";\nimport { l } from "./local.ts";\nconsole.log(a, l);\n' "$base" > remote.ts
# Deno's output with this run's folder and port in place of its own.
expected() { sed -e "s|<DIR>|$work/app|g" -e "s|<PORT>|$port|g" "$here/info/$1"; }

info() { "$bin" info --no-daemon "$@"; }
out=$(info main.ts); expect_eq "$out" "$(expected main.out)" "tree"
out=$(info --json main.ts); expect_eq "$out" "$(expected main.json.out)" "json"
out=$(info broken.ts); expect_eq "$out" "$(expected broken.out)" "modules that cannot be loaded"
out=$(info --json broken.ts | grep -v '"error": "SyntaxError'); expect_eq "$out" "$(expected broken.json.out | grep -v '"error": "SyntaxError')" "errors in json"
: > ../requests.log
out=$(info remote.ts); expect_eq "$out" "$(expected remote_no_import.out)" "no --allow-import"
expect_eq "$(cat ../requests.log)" "" "nothing fetched without --allow-import"
out=$(info --json remote.ts); expect_eq "$out" "$(expected remote_no_import.json.out)" "no --allow-import, json"
out=$(info --allow-import remote.ts 2>/dev/null); expect_eq "$out" "$(expected remote.out)" "remote tree"
out=$(info --allow-import --json remote.ts 2>/dev/null | grep -v '"local": "'); expect_eq "$out" "$(expected remote.json.out | grep -v '"local": "')" "remote json"
out=$(info nofile.ts 2>&1); code=$?
expect_eq "$code" "1" "a missing main module fails"
expect_eq "$out" "error: module could not be found" "a missing main module, in Deno's words"
finish
