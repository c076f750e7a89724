// Deno.makeTempDir/makeTempFile: names, modes, dir/prefix/suffix, TMPDIR, errors.
import { Shown } from "../shown.ts";

Deno.test("Deno.makeTempDir/makeTempFile: names, modes, dir/prefix/suffix, TMPDIR, errors", async () => {
  const shown = new Shown();
  const base = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "fs_temp_" }));
  const show = (e: unknown) => {
    const err = e as Error;
    shown.at(1, [`${err.name}: ${err.message.replaceAll(base, "<base>")}`], ["NotFound: No such file or directory (os error 2): tmpdir"], ["NotFound: No such file or directory (os error 2): tmpfile"], ["NotFound: No such file or directory (os error 2): tmpdir"], ["NotFound: No such file or directory (os error 2): tmpfile"], ["NotADirectory: Not a directory (os error 20): tmpfile"], ["Error: Invalid character in prefix or suffix: \"/\""], ["Error: Invalid character in prefix or suffix: \"\\\\\""], ["Error: Invalid character in prefix or suffix: \"*\""], ["Error: Invalid character in prefix or suffix: \"?\""], ["Error: Invalid character in prefix or suffix: \"\\\"\""], ["Error: Invalid character in prefix or suffix: \"<\""], ["Error: Invalid character in prefix or suffix: \">\""], ["Error: Invalid character in prefix or suffix: \":\""], ["Error: Invalid character in prefix or suffix: \"|\""], ["Error: Invalid control character in prefix or suffix: \"\\0\""], ["Error: Invalid control character in prefix or suffix: \"\\n\""], ["Error: Invalid control character in prefix or suffix: \"\\t\""], ["Error: Invalid control character in prefix or suffix: \"\\u{1}\""], ["Error: Invalid control character in prefix or suffix: \"\\u{7f}\""], ["Error: Invalid control character in prefix or suffix: \"\\n\""], ["Error: Invalid character in prefix or suffix: \"/\""], ["Error: Invalid character in prefix or suffix: \"/\""], ["TypeError: Cannot read properties of null (reading 'dir')"]);
  };
  const attempt = async (f: () => unknown) => {
    try {
      await f();
      shown.at(2, ["ok"]);
    } catch (e) {
      show(e);
    }
  };
  const mode = (p: string) => (Deno.statSync(p).mode! & 0o777).toString(8);
  const rel = (p: string) => p.replace(base, "<base>").replace(/[0-9a-f]{8,16}/, "<random>");
  try {
    const d = Deno.makeTempDirSync({ dir: base });
    shown.at(3, [rel(d), Deno.statSync(d).isDirectory, mode(d)], ["<base>/<random>", true, "700"]);
    const f = Deno.makeTempFileSync({ dir: base });
    shown.at(4, [rel(f), Deno.statSync(f).isFile, Deno.statSync(f).size, mode(f)], ["<base>/<random>", true, 0, "600"]);
    shown.at(5, [rel(Deno.makeTempDirSync({ dir: base, prefix: "pre_" }))], ["<base>/pre_<random>"]);
    shown.at(6, [rel(Deno.makeTempDirSync({ dir: base, suffix: "_suf" }))], ["<base>/<random>_suf"]);
    shown.at(7, [rel(Deno.makeTempFileSync({ dir: base, prefix: "p.", suffix: ".txt" }))], ["<base>/p.<random>.txt"]);
    shown.at(8, [rel(await Deno.makeTempDir({ dir: base, prefix: "async_" }))], ["<base>/async_<random>"]);
    shown.at(9, [rel(await Deno.makeTempFile({ dir: base, suffix: ".json" }))], ["<base>/<random>.json"]);
    shown.at(10, [rel(Deno.makeTempFileSync({ dir: `${base}/`, prefix: "slash_" }))], ["<base>/slash_<random>"]);
    shown.at(11, [rel(Deno.makeTempFileSync({ dir: base, prefix: "caf\u00e9 " }))], ["<base>/café <random>"]);
    // Names are unique.
    const names = new Set(Array.from({ length: 50 }, () => Deno.makeTempFileSync({ dir: base, prefix: "u" })));
    shown.at(12, [names.size], [50]);
    // Without dir: TMPDIR of the program's environment, else /tmp.
    const sub = `${base}/tmpdir`;
    Deno.mkdirSync(sub);
    Deno.env.set("TMPDIR", sub);
    shown.at(13, [rel(Deno.makeTempDirSync({ prefix: "env_" }))], ["<base>/tmpdir/env_<random>"]);
    shown.at(14, [rel(await Deno.makeTempFile())], ["<base>/tmpdir/<random>"]);
    shown.at(15, [[...Deno.readDirSync(sub)].length], [2]);
    Deno.env.delete("TMPDIR");
    const inTmp = Deno.makeTempDirSync({ prefix: "fs_temp_default_" });
    shown.at(16, [inTmp.startsWith("/tmp/fs_temp_default_")], [true]);
    Deno.removeSync(inTmp);

    // Errors.
    await attempt(() => Deno.makeTempDirSync({ dir: `${base}/missing` }));
    await attempt(() => Deno.makeTempFileSync({ dir: `${base}/missing` }));
    await attempt(() => Deno.makeTempDir({ dir: `${base}/missing` }));
    await attempt(() => Deno.makeTempFile({ dir: `${base}/missing` }));
    await attempt(() => Deno.makeTempFileSync({ dir: f }));
    for (const prefix of ["a/b", "a\\b", "x*", "q?", '"', "<", ">", ":", "|", "\0", "\n", "\t", "\x01", "\x7f", "/\n"]) {
      await attempt(() => Deno.makeTempFileSync({ dir: base, prefix }));
    }
    await attempt(() => Deno.makeTempDirSync({ dir: base, suffix: "/" }));
    await attempt(() => Deno.makeTempDir({ dir: `${base}/missing`, prefix: "/" }));
    await attempt(() => Deno.makeTempDirSync(null as unknown as undefined));
  } finally {
    Deno.removeSync(base, { recursive: true });
  }
  shown.done([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
});
