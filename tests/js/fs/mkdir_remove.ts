// Deno.mkdir/mkdirSync ({recursive, mode}) and Deno.remove/removeSync ({recursive}).
const dir = Deno.makeTempDirSync({ prefix: "fs_mkdir_" });
const show = (e: unknown) => {
  const err = e as Error;
  console.log(`${err.name}: ${err.message.replaceAll(dir, "<dir>")}`);
};
const attempt = async (f: () => unknown) => {
  try {
    await f();
    console.log("ok");
  } catch (e) {
    show(e);
  }
};
const mode = (p: string) => (Deno.statSync(p).mode! & 0o7777).toString(8);
const exists = (p: string) => {
  try {
    Deno.lstatSync(p);
    return true;
  } catch {
    return false;
  }
};
try {
  Deno.mkdirSync(`${dir}/a`);
  console.log(Deno.statSync(`${dir}/a`).isDirectory);
  await attempt(() => Deno.mkdirSync(`${dir}/a`));
  await attempt(() => Deno.mkdirSync(`${dir}/x/y`));
  await attempt(() => Deno.mkdirSync(`${dir}/x/y/z`, { recursive: true }));
  console.log(Deno.statSync(`${dir}/x/y/z`).isDirectory);
  // Recursive: an existing directory is fine, an existing file is not.
  await attempt(() => Deno.mkdirSync(`${dir}/x/y`, { recursive: true }));
  Deno.writeTextFileSync(`${dir}/file`, "f");
  await attempt(() => Deno.mkdirSync(`${dir}/file`, { recursive: true }));
  await attempt(() => Deno.mkdirSync(`${dir}/file/sub`, { recursive: true }));
  await attempt(() => Deno.mkdirSync(`${dir}/file/sub`));
  // recursive must be a boolean to count.
  await attempt(() => Deno.mkdirSync(`${dir}/r1/r2`, { recursive: "yes" as unknown as boolean }));
  // A trailing slash.
  await attempt(() => Deno.mkdirSync(`${dir}/slash/`));
  console.log(exists(`${dir}/slash`));

  // mode: masked to 0o777, then by the umask (0o700 survives any usual umask).
  Deno.mkdirSync(`${dir}/m700`, { mode: 0o700 });
  console.log(mode(`${dir}/m700`));
  Deno.mkdirSync(`${dir}/m0`, { mode: 0 });
  console.log(mode(`${dir}/m0`));
  Deno.mkdirSync(`${dir}/deep/er`, { recursive: true, mode: 0o700 });
  console.log(mode(`${dir}/deep`), mode(`${dir}/deep/er`));
  Deno.mkdirSync(`${dir}/m4700`, { mode: 0o4700 });
  console.log(mode(`${dir}/m4700`));
  await attempt(() => Deno.mkdirSync(`${dir}/mbad`, { mode: "0o700" as unknown as number }));

  // Async.
  await Deno.mkdir(`${dir}/async/one/two`, { recursive: true });
  console.log(Deno.statSync(`${dir}/async/one/two`).isDirectory);
  await attempt(() => Deno.mkdir(`${dir}/async`));
  await attempt(() => Deno.mkdir(`${dir}/nope/nope`));
  await Deno.mkdir(`${dir}/async2`, undefined);
  console.log(exists(`${dir}/async2`));

  // remove: files, empty dirs, symlinks (not their targets), trees.
  Deno.removeSync(`${dir}/file`);
  console.log(exists(`${dir}/file`));
  Deno.removeSync(`${dir}/a`);
  console.log(exists(`${dir}/a`));
  await attempt(() => Deno.removeSync(`${dir}/x`));
  await attempt(() => Deno.removeSync(`${dir}/x`, { recursive: 0 as unknown as boolean }));
  Deno.writeTextFileSync(`${dir}/x/y/z/f.txt`, "f");
  Deno.symlinkSync(`${dir}/deep`, `${dir}/x/y/link_to_deep`);
  Deno.removeSync(`${dir}/x`, { recursive: true });
  console.log(exists(`${dir}/x`), exists(`${dir}/deep/er`));
  Deno.symlinkSync(`${dir}/deep`, `${dir}/link`);
  Deno.removeSync(`${dir}/link`);
  console.log(exists(`${dir}/link`), exists(`${dir}/deep`));
  Deno.symlinkSync(`${dir}/deep`, `${dir}/link`);
  Deno.removeSync(`${dir}/link`, { recursive: true });
  console.log(exists(`${dir}/link`), exists(`${dir}/deep/er`));
  await attempt(() => Deno.removeSync(`${dir}/missing`));
  await attempt(() => Deno.removeSync(`${dir}/missing`, { recursive: true }));
  await attempt(() => Deno.removeSync(`${dir}/deep`));
  // A directory without permissions is still removed with its contents.
  Deno.writeTextFileSync(`${dir}/deep/er/f`, "f");
  Deno.chmodSync(`${dir}/deep/er`, 0o500);
  await Deno.remove(`${dir}/deep`, { recursive: true }).catch(() => Deno.chmodSync(`${dir}/deep/er`, 0o700));
  await attempt(() => Deno.remove(`${dir}/async`));
  await Deno.remove(`${dir}/async`, { recursive: true });
  console.log(exists(`${dir}/async`));
  await attempt(() => Deno.remove(`${dir}/missing`));
  await attempt(() => Deno.remove(`${dir}/missing`, { recursive: true }));
  await attempt(() => Deno.removeSync(`${dir}/m0`, null as unknown as undefined));
} finally {
  Deno.removeSync(dir, { recursive: true });
}
console.log(Deno.statSync(".").isDirectory);
