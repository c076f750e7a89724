// Deno.stat/lstat (sync and async): the FileInfo shape and what it says.
const dir = Deno.makeTempDirSync({ prefix: "fs_stat_" });
const show = (e: unknown) => {
  const err = e as Error;
  console.log(`${err.name}: ${err.message.replaceAll(dir, "<dir>")}`);
};
const kinds = (i: Deno.FileInfo) =>
  [i.isFile, i.isDirectory, i.isSymlink, i.isBlockDevice, i.isCharDevice, i.isFifo, i.isSocket].map(Number).join("");
try {
  const f = `${dir}/file.txt`;
  Deno.writeTextFileSync(f, "12345", { mode: 0o644 });
  const info = Deno.statSync(f);
  console.log(Object.keys(info).join(","));
  console.log(Object.getPrototypeOf(info) === Object.prototype, typeof Deno.FileInfo);
  console.log(kinds(info), info.size, info.nlink, (info.mode! & 0o777).toString(8), (info.mode! & 0o170000).toString(8));
  console.log(
    info.mtime instanceof Date,
    info.atime instanceof Date,
    info.ctime instanceof Date,
    info.birthtime === null || info.birthtime instanceof Date,
  );
  console.log(["dev", "ino", "uid", "gid", "rdev", "blksize", "blocks"].every((k) => typeof info[k as keyof Deno.FileInfo] === "number"));
  console.log(info.uid === Deno.statSync(dir).uid, info.dev === Deno.statSync(dir).dev, info.ino !== Deno.statSync(dir).ino);
  const now = Date.now();
  console.log(Math.abs(info.mtime!.getTime() - now) < 60_000);
  // ctime has whole seconds.
  console.log(info.ctime!.getTime() % 1000);

  // utime sets the times stat reports.
  Deno.utimeSync(f, new Date(1_000_000_123), 2_000_000.5);
  const t = Deno.statSync(f);
  console.log(t.atime!.toISOString(), t.mtime!.toISOString());

  const d = Deno.statSync(dir);
  console.log(kinds(d), (d.mode! & 0o170000).toString(8));

  // Symlinks: stat follows, lstat does not.
  Deno.symlinkSync("file.txt", `${dir}/link`);
  console.log(kinds(Deno.statSync(`${dir}/link`)), Deno.statSync(`${dir}/link`).size);
  const l = Deno.lstatSync(`${dir}/link`);
  console.log(kinds(l), l.size, (l.mode! & 0o170000).toString(8));

  // Special files.
  const n = Deno.statSync("/dev/null");
  console.log(kinds(n), n.rdev !== 0);

  // Async.
  const a = await Deno.stat(f);
  console.log(kinds(a), a.size, a.mtime!.getTime() === t.mtime!.getTime());
  console.log(kinds(await Deno.lstat(`${dir}/link`)));
  console.log(kinds(await Deno.stat(`${dir}/link`)));

  // Errors.
  Deno.symlinkSync("nowhere", `${dir}/dangling`);
  console.log(kinds(Deno.lstatSync(`${dir}/dangling`)));
  for (const p of [`${dir}/missing`, `${dir}/dangling`, `${f}/below`]) {
    try {
      Deno.statSync(p);
    } catch (e) {
      show(e);
    }
  }
  try {
    Deno.lstatSync(`${dir}/missing`);
  } catch (e) {
    show(e);
  }
  try {
    await Deno.stat(`${dir}/missing`);
  } catch (e) {
    show(e);
  }
  try {
    await Deno.lstat(`${dir}/missing`);
  } catch (e) {
    show(e);
  }
  try {
    Deno.statSync("no_such_file_here");
  } catch (e) {
    show(e);
  }
} finally {
  Deno.removeSync(dir, { recursive: true });
}
