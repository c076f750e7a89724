// Deno.stat/lstat (sync and async): the FileInfo shape and what it says.
import { Shown } from "../shown.ts";

Deno.test("Deno.stat/lstat (sync and async): the FileInfo shape and what it says", async () => {
  const shown = new Shown();
  const dir = Deno.makeTempDirSync({ prefix: "fs_stat_" });
  const show = (e: unknown) => {
    const err = e as Error;
    shown.at(1, [`${err.name}: ${err.message.replaceAll(dir, "<dir>")}`], ["NotFound: No such file or directory (os error 2): stat '<dir>/missing'"], ["NotFound: No such file or directory (os error 2): stat '<dir>/dangling'"], ["NotADirectory: Not a directory (os error 20): stat '<dir>/file.txt/below'"], ["NotFound: No such file or directory (os error 2): lstat '<dir>/missing'"], ["NotFound: No such file or directory (os error 2): stat '<dir>/missing'"], ["NotFound: No such file or directory (os error 2): lstat '<dir>/missing'"], ["NotFound: No such file or directory (os error 2): stat 'no_such_file_here'"]);
  };
  const kinds = (i: Deno.FileInfo) =>
    [i.isFile, i.isDirectory, i.isSymlink, i.isBlockDevice, i.isCharDevice, i.isFifo, i.isSocket].map(Number).join("");
  try {
    const f = `${dir}/file.txt`;
    Deno.writeTextFileSync(f, "12345", { mode: 0o644 });
    const info = Deno.statSync(f);
    shown.at(2, [Object.keys(info).join(",")], ["isFile,isDirectory,isSymlink,size,mtime,atime,birthtime,ctime,dev,ino,mode,nlink,uid,gid,rdev,blksize,blocks,isBlockDevice,isCharDevice,isFifo,isSocket"]);
    shown.at(3, [Object.getPrototypeOf(info) === Object.prototype, typeof Deno.FileInfo], [true, "undefined"]);
    shown.at(4, [kinds(info), info.size, info.nlink, (info.mode! & 0o777).toString(8), (info.mode! & 0o170000).toString(8)], ["1000000", 5, 1, "644", "100000"]);
    shown.at(5, [
      info.mtime instanceof Date,
      info.atime instanceof Date,
      info.ctime instanceof Date,
      info.birthtime === null || info.birthtime instanceof Date,
    ], [true, true, true, true]);
    shown.at(6, [["dev", "ino", "uid", "gid", "rdev", "blksize", "blocks"].every((k) => typeof info[k as keyof Deno.FileInfo] === "number")], [true]);
    shown.at(7, [info.uid === Deno.statSync(dir).uid, info.dev === Deno.statSync(dir).dev, info.ino !== Deno.statSync(dir).ino], [true, true, true]);
    const now = Date.now();
    shown.at(8, [Math.abs(info.mtime!.getTime() - now) < 60_000], [true]);
    // ctime has whole seconds.
    shown.at(9, [info.ctime!.getTime() % 1000], [0]);

    // utime sets the times stat reports.
    Deno.utimeSync(f, new Date(1_000_000_123), 2_000_000.5);
    const t = Deno.statSync(f);
    shown.at(10, [t.atime!.toISOString(), t.mtime!.toISOString()], ["1970-01-12T13:46:40.123Z", "1970-01-24T03:33:20.500Z"]);

    const d = Deno.statSync(dir);
    shown.at(11, [kinds(d), (d.mode! & 0o170000).toString(8)], ["0100000", "40000"]);

    // Symlinks: stat follows, lstat does not.
    Deno.symlinkSync("file.txt", `${dir}/link`);
    shown.at(12, [kinds(Deno.statSync(`${dir}/link`)), Deno.statSync(`${dir}/link`).size], ["1000000", 5]);
    const l = Deno.lstatSync(`${dir}/link`);
    shown.at(13, [kinds(l), l.size, (l.mode! & 0o170000).toString(8)], ["0010000", 8, "120000"]);

    // Special files.
    const n = Deno.statSync("/dev/null");
    shown.at(14, [kinds(n), n.rdev !== 0], ["0000100", true]);

    // Async.
    const a = await Deno.stat(f);
    shown.at(15, [kinds(a), a.size, a.mtime!.getTime() === t.mtime!.getTime()], ["1000000", 5, true]);
    shown.at(16, [kinds(await Deno.lstat(`${dir}/link`))], ["0010000"]);
    shown.at(17, [kinds(await Deno.stat(`${dir}/link`))], ["1000000"]);

    // Errors.
    Deno.symlinkSync("nowhere", `${dir}/dangling`);
    shown.at(18, [kinds(Deno.lstatSync(`${dir}/dangling`))], ["0010000"]);
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
  shown.done([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 1, 1, 1, 1, 1, 1, 1]);
});
