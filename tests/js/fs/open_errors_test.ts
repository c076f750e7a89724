// Without every permission, Deno makes the path of an open canonical first (to
// guard special files); errors of that step carry no operation. With -A
// (open_errors_all.ts) every error names the operation.
import { Shown } from "../shown.ts";

Deno.test("Without every permission, Deno makes the path of an open canonical first (to guard special files); errors of that step carry no operation", async () => {
  const shown = new Shown();
  const dir = Deno.makeTempDirSync({ prefix: "fs_open_errors_" });
  const attempt = async (label: string, f: () => unknown) => {
    try {
      await f();
      shown.at(1, [label, "ok"], ["copy to dangling", "ok"], ["read dangling", "ok"]);
    } catch (e) {
      shown.at(2, [label, (e as Error).name, (e as Error).message.replaceAll(dir, "<dir>")], ["read loop", "FilesystemLoop", "Too many levels of symbolic links (os error 40)"], ["read loop async", "FilesystemLoop", "Too many levels of symbolic links (os error 40)"], ["readFile loop", "FilesystemLoop", "Too many levels of symbolic links (os error 40)"], ["write loop", "FilesystemLoop", "Too many levels of symbolic links (os error 40)"], ["write loop async", "FilesystemLoop", "Too many levels of symbolic links (os error 40)"], ["read notdir", "NotADirectory", "Not a directory (os error 20)"], ["write notdir", "NotADirectory", "Not a directory (os error 20)"], ["read under loop", "FilesystemLoop", "Too many levels of symbolic links (os error 40)"], ["read missing", "NotFound", "No such file or directory (os error 2): readfile '<dir>/missing'"], ["write missing dir", "NotFound", "No such file or directory (os error 2): writefile '<dir>/missing/x'"], ["stat loop", "FilesystemLoop", "Too many levels of symbolic links (os error 40): stat '<dir>/loop1'"], ["readDir loop", "FilesystemLoop", "Too many levels of symbolic links (os error 40): readdir '<dir>/loop1'"], ["realPath loop", "FilesystemLoop", "Too many levels of symbolic links (os error 40): realpath '<dir>/loop1'"], ["mkdir under loop", "FilesystemLoop", "Too many levels of symbolic links (os error 40): mkdir '<dir>/loop1/x'"], ["copy loop", "FilesystemLoop", "Too many levels of symbolic links (os error 40)"], ["copy to loop", "FilesystemLoop", "Too many levels of symbolic links (os error 40): copy '<dir>/file' -> '<dir>/loop1'"], ["truncate loop", "FilesystemLoop", "Too many levels of symbolic links (os error 40): truncate '<dir>/loop1'"], ["write dangling", "NotFound", "No such file or directory (os error 2): writefile '<dir>/dangling'"], ["write dangling createNew", "AlreadyExists", "File exists (os error 17): writefile '<dir>/dangling'"], ["read target", "NotFound", "No such file or directory (os error 2): readfile '<dir>/target'"], ["copy dangling", "NotFound", "No such file or directory (os error 2): copy '<dir>/dangling' -> '<dir>/c2'"]);
    }
  };
  try {
    Deno.writeTextFileSync(`${dir}/file`, "x");
    Deno.symlinkSync(`${dir}/loop1`, `${dir}/loop2`);
    Deno.symlinkSync(`${dir}/loop2`, `${dir}/loop1`);
    await attempt("read loop", () => Deno.readTextFileSync(`${dir}/loop1`));
    await attempt("read loop async", () => Deno.readTextFile(`${dir}/loop1`));
    await attempt("readFile loop", () => Deno.readFileSync(`${dir}/loop1`));
    await attempt("write loop", () => Deno.writeTextFileSync(`${dir}/loop1`, "x"));
    await attempt("write loop async", () => Deno.writeFile(`${dir}/loop1`, new Uint8Array(1)));
    await attempt("read notdir", () => Deno.readTextFileSync(`${dir}/file/x`));
    await attempt("write notdir", () => Deno.writeTextFileSync(`${dir}/file/x`, "x"));
    await attempt("read under loop", () => Deno.readTextFileSync(`${dir}/loop1/x`));
    await attempt("read missing", () => Deno.readTextFileSync(`${dir}/missing`));
    await attempt("write missing dir", () => Deno.writeTextFileSync(`${dir}/missing/x`, "x"));
    await attempt("stat loop", () => Deno.statSync(`${dir}/loop1`));
    await attempt("readDir loop", () => Deno.readDirSync(`${dir}/loop1`));
    await attempt("realPath loop", () => Deno.realPathSync(`${dir}/loop1`));
    await attempt("mkdir under loop", () => Deno.mkdirSync(`${dir}/loop1/x`));
    await attempt("copy loop", () => Deno.copyFileSync(`${dir}/loop1`, `${dir}/c`));
    await attempt("copy to loop", () => Deno.copyFileSync(`${dir}/file`, `${dir}/loop1`));
    await attempt("truncate loop", () => Deno.truncateSync(`${dir}/loop1`));
    // A dangling symlink is followed only with every permission.
    Deno.symlinkSync(`${dir}/target`, `${dir}/dangling`);
    await attempt("write dangling", () => Deno.writeTextFileSync(`${dir}/dangling`, "made"));
    await attempt("write dangling createNew", () => Deno.writeTextFileSync(`${dir}/dangling`, "x", { createNew: true }));
    await attempt("read target", () => Deno.readTextFileSync(`${dir}/target`));
    await attempt("copy dangling", () => Deno.copyFileSync(`${dir}/dangling`, `${dir}/c2`));
    await attempt("copy to dangling", () => Deno.copyFileSync(`${dir}/file`, `${dir}/dangling`));
    await attempt("read dangling", () => Deno.readTextFileSync(`${dir}/dangling`));
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
  shown.done([2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1]);
});
