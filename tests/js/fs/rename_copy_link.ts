// Deno.rename, copyFile, link, symlink, readLink, realPath, truncate, chmod, chown, utime.
const dir = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "fs_rcl_" }));
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
const mode = (p: string) => (Deno.statSync(p).mode! & 0o7777).toString(8);
const read = (p: string) => Deno.readTextFileSync(p);
try {
  const a = `${dir}/a.txt`;
  Deno.writeTextFileSync(a, "AAA", { mode: 0o640 });

  // rename: files, over files, directories, errors.
  Deno.renameSync(a, `${dir}/b.txt`);
  console.log(read(`${dir}/b.txt`));
  Deno.writeTextFileSync(`${dir}/c.txt`, "CCC");
  Deno.renameSync(`${dir}/b.txt`, `${dir}/c.txt`);
  console.log(read(`${dir}/c.txt`));
  await Deno.rename(`${dir}/c.txt`, `${dir}/a.txt`);
  console.log(read(a));
  Deno.mkdirSync(`${dir}/d1/sub`, { recursive: true });
  Deno.renameSync(`${dir}/d1`, `${dir}/d2`);
  console.log(Deno.statSync(`${dir}/d2/sub`).isDirectory);
  Deno.renameSync(a, a);
  await attempt(() => Deno.renameSync(`${dir}/missing`, `${dir}/x`));
  await attempt(() => Deno.rename(`${dir}/missing`, `${dir}/x`));
  await attempt(() => Deno.renameSync(a, `${dir}/d2`));
  await attempt(() => Deno.renameSync(`${dir}/d2`, `${dir}/d2/sub/inside`));
  Deno.mkdirSync(`${dir}/full/x`, { recursive: true });
  await attempt(() => Deno.renameSync(`${dir}/d2`, `${dir}/full`));

  // copyFile: contents and permission bits; over an existing file; errors.
  Deno.copyFileSync(a, `${dir}/copy.txt`);
  console.log(read(`${dir}/copy.txt`), mode(`${dir}/copy.txt`));
  Deno.writeTextFileSync(`${dir}/long.txt`, "a much longer text");
  Deno.copyFileSync(a, `${dir}/long.txt`);
  console.log(read(`${dir}/long.txt`));
  await Deno.copyFile(a, `${dir}/copy2.txt`);
  console.log(read(`${dir}/copy2.txt`));
  await attempt(() => Deno.copyFileSync(`${dir}/missing`, `${dir}/x`));
  await attempt(() => Deno.copyFile(`${dir}/missing`, `${dir}/x`));
  await attempt(() => Deno.copyFileSync(`${dir}/d2`, `${dir}/x`));
  await attempt(() => Deno.copyFileSync(a, `${dir}/d2`));
  await attempt(() => Deno.copyFileSync(a, a));
  await attempt(() => Deno.copyFileSync(a, `${dir}/nodir/x`));

  // Hard links.
  Deno.linkSync(a, `${dir}/hard`);
  console.log(Deno.statSync(a).nlink, read(`${dir}/hard`));
  await Deno.link(a, `${dir}/hard2`);
  console.log(Deno.statSync(a).nlink);
  await attempt(() => Deno.linkSync(a, `${dir}/hard`));
  await attempt(() => Deno.link(`${dir}/missing`, `${dir}/hard3`));

  // Symlinks keep their target as written; readLink returns it.
  Deno.symlinkSync("a.txt", `${dir}/rel_link`);
  Deno.symlinkSync(a, `${dir}/abs_link`, { type: "file" });
  await Deno.symlink("d2", `${dir}/dir_link`);
  await Deno.symlink("missing", `${dir}/dangling`);
  console.log(Deno.readLinkSync(`${dir}/rel_link`), (await Deno.readLink(`${dir}/abs_link`)) === a);
  console.log(read(`${dir}/rel_link`), Deno.readLinkSync(`${dir}/dangling`));
  await attempt(() => Deno.symlinkSync("a.txt", `${dir}/rel_link`));
  await attempt(() => Deno.readLinkSync(a));
  await attempt(() => Deno.readLinkSync(`${dir}/missing`));
  await attempt(() => Deno.readLink(`${dir}/missing`));

  // realPath resolves links, dots and relative paths.
  await attempt(() => Deno.realPathSync(`${dir}/rel_link`));
  await attempt(() => Deno.realPath(`${dir}/dir_link/sub/../sub`));
  await attempt(() => Deno.realPathSync(`${dir}/./d2/../a.txt`));
  await attempt(() => Deno.realPathSync(`${dir}/dangling`));
  await attempt(() => Deno.realPath(`${dir}/missing`));
  console.log(Deno.realPathSync(".") === Deno.cwd());

  // truncate: to 0 by default, longer pads with zeros, negative is 0.
  Deno.writeTextFileSync(`${dir}/t.txt`, "0123456789");
  Deno.truncateSync(`${dir}/t.txt`, 4);
  console.log(read(`${dir}/t.txt`));
  Deno.truncateSync(`${dir}/t.txt`, 6);
  console.log(Deno.readFileSync(`${dir}/t.txt`));
  Deno.truncateSync(`${dir}/t.txt`, 2.9);
  console.log(read(`${dir}/t.txt`));
  await Deno.truncate(`${dir}/t.txt`, 1);
  console.log(read(`${dir}/t.txt`));
  Deno.truncateSync(`${dir}/t.txt`);
  console.log(Deno.statSync(`${dir}/t.txt`).size);
  Deno.writeTextFileSync(`${dir}/t.txt`, "abc");
  await Deno.truncate(`${dir}/t.txt`, -5);
  console.log(Deno.statSync(`${dir}/t.txt`).size);
  await attempt(() => Deno.truncateSync(`${dir}/missing`));
  await attempt(() => Deno.truncate(`${dir}/d2`, 1));
  await attempt(() => Deno.truncateSync(`${dir}/t.txt`, "3" as unknown as number));

  // chmod.
  Deno.chmodSync(a, 0o600);
  console.log(mode(a));
  await Deno.chmod(a, 0o4755);
  console.log(mode(a));
  await attempt(() => Deno.chmodSync(`${dir}/missing`, 0o600));
  await attempt(() => Deno.chmod(`${dir}/missing`, 0o600));
  await attempt(() => Deno.chmodSync(a, undefined as unknown as number));

  // chown to the current owner (null leaves an id as it is).
  const { uid, gid } = Deno.statSync(a);
  Deno.chownSync(a, uid, gid);
  await Deno.chown(a, null, null);
  console.log(Deno.statSync(a).uid === uid);
  await attempt(() => Deno.chownSync(`${dir}/missing`, null, null));

  // utime: numbers are seconds, Dates are Dates.
  Deno.utimeSync(a, 1000, new Date(5000));
  console.log(Deno.statSync(a).atime!.getTime(), Deno.statSync(a).mtime!.getTime());
  await Deno.utime(a, 1.5, 2.25);
  console.log(Deno.statSync(a).atime!.getTime(), Deno.statSync(a).mtime!.getTime());
  await attempt(() => Deno.utimeSync(`${dir}/missing`, 1, 1));
} finally {
  Deno.removeSync(dir, { recursive: true });
}
