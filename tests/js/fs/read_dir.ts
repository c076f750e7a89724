// Deno.readDir/readDirSync: entries, their shape, iteration protocol, errors.
const dir = Deno.makeTempDirSync({ prefix: "fs_readdir_" });
const show = (e: unknown) => {
  const err = e as Error;
  console.log(`${err.name}: ${err.message.replaceAll(dir, "<dir>")}`);
};
const byName = (a: Deno.DirEntry, b: Deno.DirEntry) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
try {
  Deno.writeTextFileSync(`${dir}/b.txt`, "b");
  Deno.writeTextFileSync(`${dir}/a.txt`, "a");
  Deno.mkdirSync(`${dir}/sub`);
  Deno.writeTextFileSync(`${dir}/sub/inner.txt`, "inner");
  Deno.symlinkSync("a.txt", `${dir}/link`);
  Deno.symlinkSync("sub", `${dir}/dirlink`);
  Deno.writeTextFileSync(`${dir}/caf\u00e9 \u{1f600}.txt`, "x");

  const it = Deno.readDirSync(dir);
  console.log(Object.prototype.toString.call(it), typeof it.next, typeof it[Symbol.iterator]);
  const entries = [...it].sort(byName);
  console.log(entries);
  console.log(Object.getPrototypeOf(entries[0]), Object.keys(entries[0]).join(","));

  const asyncIt = Deno.readDir(dir);
  console.log(typeof asyncIt[Symbol.asyncIterator]);
  const names: string[] = [];
  for await (const e of asyncIt) names.push(`${e.name}:${e.isFile ? "f" : ""}${e.isDirectory ? "d" : ""}${e.isSymlink ? "l" : ""}`);
  console.log(names.sort().join(" "));

  console.log([...Deno.readDirSync(`${dir}/sub`)].map((e) => e.name));
  Deno.mkdirSync(`${dir}/empty`);
  console.log([...Deno.readDirSync(`${dir}/empty`)]);
  // A trailing slash is fine.
  console.log([...Deno.readDirSync(`${dir}/sub/`)].length);

  try {
    Deno.readDirSync(`${dir}/missing`);
  } catch (e) {
    show(e);
  }
  try {
    Deno.readDirSync(`${dir}/a.txt`);
  } catch (e) {
    show(e);
  }
  try {
    for await (const _ of Deno.readDir(`${dir}/missing`)) console.log("never");
  } catch (e) {
    show(e);
  }
  try {
    for await (const _ of Deno.readDir(`${dir}/b.txt`)) console.log("never");
  } catch (e) {
    show(e);
  }
} finally {
  Deno.removeSync(dir, { recursive: true });
}
