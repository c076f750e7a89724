// Deno.rename, copyFile, link, symlink, readLink, realPath, truncate, chmod, chown, utime.
import { Shown } from "../shown.ts";

Deno.test("Deno.rename, copyFile, link, symlink, readLink, realPath, truncate, chmod, chown, utime", async () => {
  const shown = new Shown();
  const dir = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "fs_rcl_" }));
  const show = (e: unknown) => {
    const err = e as Error;
    shown.at(1, [`${err.name}: ${err.message.replaceAll(dir, "<dir>")}`], ["NotFound: No such file or directory (os error 2): rename '<dir>/missing' -> '<dir>/x'"], ["NotFound: No such file or directory (os error 2): rename '<dir>/missing' -> '<dir>/x'"], ["IsADirectory: Is a directory (os error 21): rename '<dir>/a.txt' -> '<dir>/d2'"], ["TypeError: Invalid argument (os error 22): rename '<dir>/d2' -> '<dir>/d2/sub/inside'"], ["Error: Directory not empty (os error 39): rename '<dir>/d2' -> '<dir>/full'"], ["NotFound: No such file or directory (os error 2): copy '<dir>/missing' -> '<dir>/x'"], ["NotFound: No such file or directory (os error 2): copy '<dir>/missing' -> '<dir>/x'"], ["TypeError: the source path is neither a regular file nor a symlink to a regular file: copy '<dir>/d2' -> '<dir>/x'"], ["IsADirectory: Is a directory (os error 21): copy '<dir>/a.txt' -> '<dir>/d2'"], ["TypeError: Source and destination paths refer to the same file: copy '<dir>/a.txt' -> '<dir>/a.txt'"], ["NotFound: No such file or directory (os error 2): copy '<dir>/a.txt' -> '<dir>/nodir/x'"], ["AlreadyExists: File exists (os error 17): link '<dir>/a.txt' -> '<dir>/hard'"], ["NotFound: No such file or directory (os error 2): link '<dir>/missing' -> '<dir>/hard3'"], ["AlreadyExists: File exists (os error 17): symlink 'a.txt' -> '<dir>/rel_link'"], ["TypeError: Invalid argument (os error 22): readlink '<dir>/a.txt'"], ["NotFound: No such file or directory (os error 2): readlink '<dir>/missing'"], ["NotFound: No such file or directory (os error 2): readlink '<dir>/missing'"], ["NotFound: No such file or directory (os error 2): realpath '<dir>/dangling'"], ["NotFound: No such file or directory (os error 2): realpath '<dir>/missing'"], ["NotFound: No such file or directory (os error 2): truncate '<dir>/missing'"], ["IsADirectory: Is a directory (os error 21): truncate '<dir>/d2'"], ["TypeError: expected f64"], ["NotFound: No such file or directory (os error 2): chmod '<dir>/missing'"], ["NotFound: No such file or directory (os error 2): chmod '<dir>/missing'"], ["TypeError: expected u32"], ["NotFound: No such file or directory (os error 2): chown '<dir>/missing'"], ["NotFound: No such file or directory (os error 2): utime '<dir>/missing'"]);
  };
  const attempt = async (f: () => unknown) => {
    try {
      const r = await f();
      shown.at(2, ["ok", typeof r === "string" ? r.replaceAll(dir, "<dir>") : r], ["ok", "<dir>/a.txt"], ["ok", "<dir>/d2/sub"], ["ok", "<dir>/a.txt"]);
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
    shown.at(3, [read(`${dir}/b.txt`)], ["AAA"]);
    Deno.writeTextFileSync(`${dir}/c.txt`, "CCC");
    Deno.renameSync(`${dir}/b.txt`, `${dir}/c.txt`);
    shown.at(4, [read(`${dir}/c.txt`)], ["AAA"]);
    await Deno.rename(`${dir}/c.txt`, `${dir}/a.txt`);
    shown.at(5, [read(a)], ["AAA"]);
    Deno.mkdirSync(`${dir}/d1/sub`, { recursive: true });
    Deno.renameSync(`${dir}/d1`, `${dir}/d2`);
    shown.at(6, [Deno.statSync(`${dir}/d2/sub`).isDirectory], [true]);
    Deno.renameSync(a, a);
    await attempt(() => Deno.renameSync(`${dir}/missing`, `${dir}/x`));
    await attempt(() => Deno.rename(`${dir}/missing`, `${dir}/x`));
    await attempt(() => Deno.renameSync(a, `${dir}/d2`));
    await attempt(() => Deno.renameSync(`${dir}/d2`, `${dir}/d2/sub/inside`));
    Deno.mkdirSync(`${dir}/full/x`, { recursive: true });
    await attempt(() => Deno.renameSync(`${dir}/d2`, `${dir}/full`));

    // copyFile: contents and permission bits; over an existing file; errors.
    Deno.copyFileSync(a, `${dir}/copy.txt`);
    shown.at(7, [read(`${dir}/copy.txt`), mode(`${dir}/copy.txt`)], ["AAA", "640"]);
    Deno.writeTextFileSync(`${dir}/long.txt`, "a much longer text");
    Deno.copyFileSync(a, `${dir}/long.txt`);
    shown.at(8, [read(`${dir}/long.txt`)], ["AAA"]);
    await Deno.copyFile(a, `${dir}/copy2.txt`);
    shown.at(9, [read(`${dir}/copy2.txt`)], ["AAA"]);
    await attempt(() => Deno.copyFileSync(`${dir}/missing`, `${dir}/x`));
    await attempt(() => Deno.copyFile(`${dir}/missing`, `${dir}/x`));
    await attempt(() => Deno.copyFileSync(`${dir}/d2`, `${dir}/x`));
    await attempt(() => Deno.copyFileSync(a, `${dir}/d2`));
    await attempt(() => Deno.copyFileSync(a, a));
    await attempt(() => Deno.copyFileSync(a, `${dir}/nodir/x`));

    // Hard links.
    Deno.linkSync(a, `${dir}/hard`);
    shown.at(10, [Deno.statSync(a).nlink, read(`${dir}/hard`)], [2, "AAA"]);
    await Deno.link(a, `${dir}/hard2`);
    shown.at(11, [Deno.statSync(a).nlink], [3]);
    await attempt(() => Deno.linkSync(a, `${dir}/hard`));
    await attempt(() => Deno.link(`${dir}/missing`, `${dir}/hard3`));

    // Symlinks keep their target as written; readLink returns it.
    Deno.symlinkSync("a.txt", `${dir}/rel_link`);
    Deno.symlinkSync(a, `${dir}/abs_link`, { type: "file" });
    await Deno.symlink("d2", `${dir}/dir_link`);
    await Deno.symlink("missing", `${dir}/dangling`);
    shown.at(12, [Deno.readLinkSync(`${dir}/rel_link`), (await Deno.readLink(`${dir}/abs_link`)) === a], ["a.txt", true]);
    shown.at(13, [read(`${dir}/rel_link`), Deno.readLinkSync(`${dir}/dangling`)], ["AAA", "missing"]);
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
    shown.at(14, [Deno.realPathSync(".") === Deno.cwd()], [true]);

    // truncate: to 0 by default, longer pads with zeros, negative is 0.
    Deno.writeTextFileSync(`${dir}/t.txt`, "0123456789");
    Deno.truncateSync(`${dir}/t.txt`, 4);
    shown.at(15, [read(`${dir}/t.txt`)], ["0123"]);
    Deno.truncateSync(`${dir}/t.txt`, 6);
    shown.at(16, [Deno.readFileSync(`${dir}/t.txt`)], [new Uint8Array([48, 49, 50, 51, 0, 0])]);
    Deno.truncateSync(`${dir}/t.txt`, 2.9);
    shown.at(17, [read(`${dir}/t.txt`)], ["01"]);
    await Deno.truncate(`${dir}/t.txt`, 1);
    shown.at(18, [read(`${dir}/t.txt`)], ["0"]);
    Deno.truncateSync(`${dir}/t.txt`);
    shown.at(19, [Deno.statSync(`${dir}/t.txt`).size], [0]);
    Deno.writeTextFileSync(`${dir}/t.txt`, "abc");
    await Deno.truncate(`${dir}/t.txt`, -5);
    shown.at(20, [Deno.statSync(`${dir}/t.txt`).size], [0]);
    await attempt(() => Deno.truncateSync(`${dir}/missing`));
    await attempt(() => Deno.truncate(`${dir}/d2`, 1));
    await attempt(() => Deno.truncateSync(`${dir}/t.txt`, "3" as unknown as number));

    // chmod.
    Deno.chmodSync(a, 0o600);
    shown.at(21, [mode(a)], ["600"]);
    await Deno.chmod(a, 0o4755);
    shown.at(22, [mode(a)], ["4755"]);
    await attempt(() => Deno.chmodSync(`${dir}/missing`, 0o600));
    await attempt(() => Deno.chmod(`${dir}/missing`, 0o600));
    await attempt(() => Deno.chmodSync(a, undefined as unknown as number));

    // chown to the current owner (null leaves an id as it is).
    const { uid, gid } = Deno.statSync(a);
    Deno.chownSync(a, uid, gid);
    await Deno.chown(a, null, null);
    shown.at(23, [Deno.statSync(a).uid === uid], [true]);
    await attempt(() => Deno.chownSync(`${dir}/missing`, null, null));

    // utime: numbers are seconds, Dates are Dates.
    Deno.utimeSync(a, 1000, new Date(5000));
    shown.at(24, [Deno.statSync(a).atime!.getTime(), Deno.statSync(a).mtime!.getTime()], [1000000, 5000]);
    await Deno.utime(a, 1.5, 2.25);
    shown.at(25, [Deno.statSync(a).atime!.getTime(), Deno.statSync(a).mtime!.getTime()], [1500, 2250]);
    await attempt(() => Deno.utimeSync(`${dir}/missing`, 1, 1));
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
  shown.done([3, 4, 5, 6, 1, 1, 1, 1, 1, 7, 8, 9, 1, 1, 1, 1, 1, 1, 10, 11, 1, 1, 12, 13, 1, 1, 1, 1, 2, 2, 2, 1, 1, 14, 15, 16, 17, 18, 19, 20, 1, 1, 1, 21, 22, 1, 1, 1, 23, 1, 24, 25, 1]);
});
