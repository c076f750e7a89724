// Without every permission, Deno makes the path of an open canonical first (to
// guard special files); errors of that step carry no operation. With -A
// (open_errors_all.ts) every error names the operation.
const dir = Deno.makeTempDirSync({ prefix: "fs_open_errors_" });
const attempt = async (label: string, f: () => unknown) => {
  try {
    await f();
    console.log(label, "ok");
  } catch (e) {
    console.log(label, (e as Error).name, (e as Error).message.replaceAll(dir, "<dir>"));
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
