// Deno.mkdir/mkdirSync ({recursive, mode}) and Deno.remove/removeSync ({recursive}).
import { Shown } from "../shown.ts";

Deno.test("Deno.mkdir/mkdirSync ({recursive, mode}) and Deno.remove/removeSync ({recursive})", async () => {
  const shown = new Shown();
  const dir = Deno.makeTempDirSync({ prefix: "fs_mkdir_" });
  const show = (e: unknown) => {
    const err = e as Error;
    shown.at(1, [`${err.name}: ${err.message.replaceAll(dir, "<dir>")}`], ["AlreadyExists: File exists (os error 17): mkdir '<dir>/a'"], ["NotFound: No such file or directory (os error 2): mkdir '<dir>/x/y'"], ["AlreadyExists: File exists (os error 17): mkdir '<dir>/file'"], ["NotADirectory: Not a directory (os error 20): mkdir '<dir>/file/sub'"], ["NotADirectory: Not a directory (os error 20): mkdir '<dir>/file/sub'"], ["NotFound: No such file or directory (os error 2): mkdir '<dir>/r1/r2'"], ["TypeError: expected u32"], ["AlreadyExists: File exists (os error 17): mkdir '<dir>/async'"], ["NotFound: No such file or directory (os error 2): mkdir '<dir>/nope/nope'"], ["Error: Directory not empty (os error 39): remove '<dir>/x'"], ["Error: Directory not empty (os error 39): remove '<dir>/x'"], ["NotFound: No such file or directory (os error 2): remove '<dir>/missing'"], ["NotFound: No such file or directory (os error 2): remove '<dir>/missing'"], ["Error: Directory not empty (os error 39): remove '<dir>/deep'"], ["Error: Directory not empty (os error 39): remove '<dir>/async'"], ["NotFound: No such file or directory (os error 2): remove '<dir>/missing'"], ["NotFound: No such file or directory (os error 2): remove '<dir>/missing'"], ["TypeError: Cannot read properties of null (reading 'recursive')"]);
  };
  const attempt = async (f: () => unknown) => {
    try {
      await f();
      shown.at(2, ["ok"], ["ok"], ["ok"], ["ok"]);
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
    shown.at(3, [Deno.statSync(`${dir}/a`).isDirectory], [true]);
    await attempt(() => Deno.mkdirSync(`${dir}/a`));
    await attempt(() => Deno.mkdirSync(`${dir}/x/y`));
    await attempt(() => Deno.mkdirSync(`${dir}/x/y/z`, { recursive: true }));
    shown.at(4, [Deno.statSync(`${dir}/x/y/z`).isDirectory], [true]);
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
    shown.at(5, [exists(`${dir}/slash`)], [true]);

    // mode: masked to 0o777, then by the umask (0o700 survives any usual umask).
    Deno.mkdirSync(`${dir}/m700`, { mode: 0o700 });
    shown.at(6, [mode(`${dir}/m700`)], ["700"]);
    Deno.mkdirSync(`${dir}/m0`, { mode: 0 });
    shown.at(7, [mode(`${dir}/m0`)], ["0"]);
    Deno.mkdirSync(`${dir}/deep/er`, { recursive: true, mode: 0o700 });
    shown.at(8, [mode(`${dir}/deep`), mode(`${dir}/deep/er`)], ["700", "700"]);
    Deno.mkdirSync(`${dir}/m4700`, { mode: 0o4700 });
    shown.at(9, [mode(`${dir}/m4700`)], ["700"]);
    await attempt(() => Deno.mkdirSync(`${dir}/mbad`, { mode: "0o700" as unknown as number }));

    // Async.
    await Deno.mkdir(`${dir}/async/one/two`, { recursive: true });
    shown.at(10, [Deno.statSync(`${dir}/async/one/two`).isDirectory], [true]);
    await attempt(() => Deno.mkdir(`${dir}/async`));
    await attempt(() => Deno.mkdir(`${dir}/nope/nope`));
    await Deno.mkdir(`${dir}/async2`, undefined);
    shown.at(11, [exists(`${dir}/async2`)], [true]);

    // remove: files, empty dirs, symlinks (not their targets), trees.
    Deno.removeSync(`${dir}/file`);
    shown.at(12, [exists(`${dir}/file`)], [false]);
    Deno.removeSync(`${dir}/a`);
    shown.at(13, [exists(`${dir}/a`)], [false]);
    await attempt(() => Deno.removeSync(`${dir}/x`));
    await attempt(() => Deno.removeSync(`${dir}/x`, { recursive: 0 as unknown as boolean }));
    Deno.writeTextFileSync(`${dir}/x/y/z/f.txt`, "f");
    Deno.symlinkSync(`${dir}/deep`, `${dir}/x/y/link_to_deep`);
    Deno.removeSync(`${dir}/x`, { recursive: true });
    shown.at(14, [exists(`${dir}/x`), exists(`${dir}/deep/er`)], [false, true]);
    Deno.symlinkSync(`${dir}/deep`, `${dir}/link`);
    Deno.removeSync(`${dir}/link`);
    shown.at(15, [exists(`${dir}/link`), exists(`${dir}/deep`)], [false, true]);
    Deno.symlinkSync(`${dir}/deep`, `${dir}/link`);
    Deno.removeSync(`${dir}/link`, { recursive: true });
    shown.at(16, [exists(`${dir}/link`), exists(`${dir}/deep/er`)], [false, true]);
    await attempt(() => Deno.removeSync(`${dir}/missing`));
    await attempt(() => Deno.removeSync(`${dir}/missing`, { recursive: true }));
    await attempt(() => Deno.removeSync(`${dir}/deep`));
    // A directory without permissions is still removed with its contents.
    Deno.writeTextFileSync(`${dir}/deep/er/f`, "f");
    Deno.chmodSync(`${dir}/deep/er`, 0o500);
    await Deno.remove(`${dir}/deep`, { recursive: true }).catch(() => Deno.chmodSync(`${dir}/deep/er`, 0o700));
    await attempt(() => Deno.remove(`${dir}/async`));
    await Deno.remove(`${dir}/async`, { recursive: true });
    shown.at(17, [exists(`${dir}/async`)], [false]);
    await attempt(() => Deno.remove(`${dir}/missing`));
    await attempt(() => Deno.remove(`${dir}/missing`, { recursive: true }));
    await attempt(() => Deno.removeSync(`${dir}/m0`, null as unknown as undefined));
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
  shown.at(18, [Deno.statSync(".").isDirectory], [true]);
  shown.done([3, 1, 1, 2, 4, 2, 1, 1, 1, 1, 2, 5, 6, 7, 8, 9, 1, 10, 1, 1, 11, 12, 13, 1, 1, 14, 15, 16, 1, 1, 1, 1, 17, 1, 1, 1, 18]);
});
