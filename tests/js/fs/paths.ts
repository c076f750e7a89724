// Paths: file: URLs, relative paths against the program's cwd (Deno.chdir),
// odd path values.
const dir = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "fs_paths_" }));
const home = Deno.cwd();
const show = (e: unknown) => {
  const err = e as Error;
  console.log(`${err.name}: ${err.message.replaceAll(dir, "<dir>")}`);
};
const attempt = async (f: () => unknown) => {
  try {
    const r = await f();
    console.log("ok", typeof r === "string" ? r.replaceAll(dir, "<dir>") : r);
  } catch (e) {
    show(e);
  }
};
try {
  // file: URLs, percent-decoded.
  const url = new URL(`file://${dir}/with space %.txt`);
  console.log(url.pathname.replace(dir, "<dir>"));
  Deno.writeTextFileSync(url, "via url");
  console.log(Deno.readTextFileSync(`${dir}/with space %.txt`));
  console.log(await Deno.readTextFile(url), Deno.statSync(url).size, (await Deno.lstat(url)).isFile);
  await Deno.writeFile(new URL(`file://${dir}/b%C3%A9.bin`), new Uint8Array([1, 2]));
  console.log(Deno.readFileSync(`${dir}/b\u00e9.bin`));
  Deno.mkdirSync(new URL(`file://${dir}/u/v`), { recursive: true });
  console.log([...Deno.readDirSync(new URL(`file://${dir}/u`))].map((e) => e.name));
  Deno.copyFileSync(url, new URL(`file://${dir}/u/copy.txt`));
  Deno.renameSync(new URL(`file://${dir}/u/copy.txt`), new URL(`file://${dir}/u/moved.txt`));
  console.log(Deno.readTextFileSync(new URL(`file://${dir}/u/moved.txt`)));
  await attempt(() => Deno.realPathSync(new URL(`file://${dir}/u/../u/moved.txt`)));
  Deno.removeSync(new URL(`file://${dir}/u`), { recursive: true });
  await attempt(() => Deno.statSync(new URL(`file://${dir}/u`)));
  await attempt(() => Deno.readTextFileSync(new URL("https://example.com/x.txt")));
  await attempt(() => Deno.readTextFile(new URL("https://example.com/x.txt")));
  await attempt(() => Deno.readTextFileSync(new URL("file://host/x.txt")));
  await attempt(() => Deno.statSync(new URL(`file://${dir}/missing%20file`)));
  // A string is a path, even when it looks like a URL.
  await attempt(() => Deno.readTextFileSync(`file://${dir}/with space %.txt`));

  // Relative paths resolve against the program's cwd.
  Deno.chdir(dir);
  Deno.writeTextFileSync("rel.txt", "relative");
  console.log(Deno.readTextFileSync(`${dir}/rel.txt`), Deno.readTextFileSync("./rel.txt"));
  await attempt(() => Deno.realPathSync("rel.txt"));
  await attempt(() => Deno.realPath("."));
  Deno.mkdirSync("sub/deeper", { recursive: true });
  await Deno.writeTextFile("sub/deeper/../f.txt", "dots");
  console.log(Deno.readTextFileSync(`${dir}/sub/f.txt`));
  console.log([...Deno.readDirSync("sub")].map((e) => e.name).sort());
  const t = Deno.makeTempFileSync({ dir: ".", prefix: "t" });
  console.log(t.replace(/[0-9a-f]{8,16}/, "<random>"), Deno.statSync(t).isFile);
  await attempt(() => Deno.makeTempDirSync({ dir: "", prefix: "t" }));
  await attempt(() => Deno.readTextFileSync("missing.txt"));
  await attempt(() => Deno.readTextFile("./sub/../missing.txt"));
  await attempt(() => Deno.renameSync("missing.txt", "other.txt"));
  Deno.symlinkSync("rel.txt", "rel_link");
  console.log(Deno.readLinkSync("rel_link"), Deno.readTextFileSync("rel_link"));
  Deno.chdir(home);

  // Odd path values: converted to strings; NUL bytes and empty paths fail.
  await attempt(() => Deno.readTextFileSync(""));
  await attempt(() => Deno.statSync(""));
  await attempt(() => Deno.readTextFileSync("a\0b"));
  await attempt(() => Deno.writeTextFileSync(`${dir}/a\0b`, "x"));
  await attempt(() => Deno.readTextFileSync(12345 as unknown as string));
  await attempt(() => Deno.readTextFileSync(undefined as unknown as string));
  await attempt(() => Deno.readTextFileSync({} as unknown as string));
  await attempt(() => Deno.readTextFileSync(Symbol("s") as unknown as string));
} finally {
  Deno.chdir(home);
  Deno.removeSync(dir, { recursive: true });
}
