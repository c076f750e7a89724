# Remote modules: fetched, redirects followed and recorded, stored, reused
# with --cached-only, refetched with --reload, prefetched by `cache`.
source "$(dirname "$0")/lib.bash"
start_server
cd "$work"
printf 'import { a } from "%s/redirect/mod.ts";\nimport { b } from "./local.ts";\nconsole.log(a, b);\n' "$base" > main.ts
printf 'import { b } from "%s/lib/b.ts";\nexport { b };\n' "$base" > local.ts

out=$(run main.ts 2>&1); expect_contains "$out" 'Requires import access to "127.0.0.1:'"$port"'"' "no --allow-import"
out=$(run -A --cached-only main.ts 2>&1); expect_contains "$out" "Specifier not found in cache: \"$base/redirect/mod.ts\", --cached-only is specified." "cached-only before any fetch"
out=$(run -A main.ts 2>"$work/err"); expect_eq "$out" "5 3" "first run"
expect_eq "$(cat "$work/err")" "Download $base/redirect/mod.ts
Download $base/mod.ts
Download $base/lib/b.ts
Download $base/lib/c.js" "downloads reported"
: > requests.log
out=$(run -A --cached-only main.ts 2>&1); expect_eq "$out" "5 3" "cached-only"
out=$(run -A main.ts 2>&1); expect_eq "$out" "5 3" "second run"
expect_eq "$(cat requests.log)" "" "nothing fetched again"
out=$(run -A --reload=$base/lib/ main.ts 2>&1); expect_contains "$out" "5 3" "reload prefix"
expect_eq "$(sort requests.log | tr '\n' ' ')" "/lib/b.ts /lib/c.js " "only the prefix refetched"
: > requests.log
printf 'export const c = 40;\n' > srv/lib/c.js
out=$(run -A --reload main.ts 2>/dev/null); expect_eq "$out" "81 41" "reload sees new source"
expect_eq "$(wc -l < requests.log)" "4" "reload refetches all"

# `cache` prefetches a graph; a missing module fails clearly.
rm -rf "$TOOLCHAIN_DIR"
out=$("$bin" cache --no-daemon -A main.ts 2>&1); expect_contains "$out" "Download $base/lib/c.js" "cache downloads"
out=$(run -A --cached-only main.ts 2>&1); expect_eq "$out" "81 41" "run after cache"
# `cache` follows literal dynamic imports too, as `deno cache` does; one that
# cannot be fetched does not fail it (it may never run).
printf 'export const d = 4;\n' > "$work/srv/lib/d.ts"
printf 'if (Deno.args[0] !== "skip") console.log((await import("%s/lib/d.ts")).d);\nif (Deno.args[0] === "never") await import("%s/nowhere.ts");\n' "$base" "$base" > dynamic.ts
out=$("$bin" cache --no-daemon -A dynamic.ts 2>&1; echo "rc=$?"); expect_contains "$out" "Download $base/lib/d.ts" "cache downloads a dynamic import"
expect_contains "$out" "rc=0" "a missing dynamic import does not fail cache"
out=$(run -A --cached-only dynamic.ts 2>&1); expect_eq "$out" "4" "dynamic import run from the cache"
printf 'import "%s/missing.ts";\n' "$base" > missing.ts
out=$(run -A missing.ts 2>&1); expect_contains "$out" "error: Module not found \"$base/missing.ts\"." "404"
# A refused connection is reported in fetch()'s (and Deno's) words.
printf 'import "http://127.0.0.1:1/x.ts";\n' > refused.ts
out=$(run -A refused.ts 2>&1); expect_contains "$out" "error sending request for url (http://127.0.0.1:1/x.ts): client error (Connect): tcp connect error: Connection refused (os error 111)" "refused"

# A download cut short is never used: the next run fetches it whole.
printf 'import { a } from "%s/cut/mod.ts";\nconsole.log(a);\n' "$base" > cut.ts
out=$(run -A cut.ts 2>&1); expect_contains "$out" "error:" "cut download fails"
ls "$TOOLCHAIN_DIR"/remote/http/*/*.tmp 2>/dev/null && fail "temporary file left behind"
out=$(run -A --cached-only cut.ts 2>&1); expect_contains "$out" "Specifier not found in cache" "cut download not stored"
finish
