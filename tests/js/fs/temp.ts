// Deno.makeTempDir/makeTempFile: names, modes, dir/prefix/suffix, TMPDIR, errors.
const base = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "fs_temp_" }));
const show = (e: unknown) => {
  const err = e as Error;
  console.log(`${err.name}: ${err.message.replaceAll(base, "<base>")}`);
};
const attempt = async (f: () => unknown) => {
  try {
    await f();
    console.log("ok");
  } catch (e) {
    show(e);
  }
};
const mode = (p: string) => (Deno.statSync(p).mode! & 0o777).toString(8);
const rel = (p: string) => p.replace(base, "<base>").replace(/[0-9a-f]{8,16}/, "<random>");
try {
  const d = Deno.makeTempDirSync({ dir: base });
  console.log(rel(d), Deno.statSync(d).isDirectory, mode(d));
  const f = Deno.makeTempFileSync({ dir: base });
  console.log(rel(f), Deno.statSync(f).isFile, Deno.statSync(f).size, mode(f));
  console.log(rel(Deno.makeTempDirSync({ dir: base, prefix: "pre_" })));
  console.log(rel(Deno.makeTempDirSync({ dir: base, suffix: "_suf" })));
  console.log(rel(Deno.makeTempFileSync({ dir: base, prefix: "p.", suffix: ".txt" })));
  console.log(rel(await Deno.makeTempDir({ dir: base, prefix: "async_" })));
  console.log(rel(await Deno.makeTempFile({ dir: base, suffix: ".json" })));
  console.log(rel(Deno.makeTempFileSync({ dir: `${base}/`, prefix: "slash_" })));
  console.log(rel(Deno.makeTempFileSync({ dir: base, prefix: "caf\u00e9 " })));
  // Names are unique.
  const names = new Set(Array.from({ length: 50 }, () => Deno.makeTempFileSync({ dir: base, prefix: "u" })));
  console.log(names.size);
  // Without dir: TMPDIR of the program's environment, else /tmp.
  const sub = `${base}/tmpdir`;
  Deno.mkdirSync(sub);
  Deno.env.set("TMPDIR", sub);
  console.log(rel(Deno.makeTempDirSync({ prefix: "env_" })));
  console.log(rel(await Deno.makeTempFile()));
  console.log([...Deno.readDirSync(sub)].length);
  Deno.env.delete("TMPDIR");
  const inTmp = Deno.makeTempDirSync({ prefix: "fs_temp_default_" });
  console.log(inTmp.startsWith("/tmp/fs_temp_default_"));
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
