// With --allow-read only: reads work, writes throw NotCapable, and special
// files (/proc, /sys, most of /dev) need every permission.
const attempt = async (label: string, f: () => unknown) => {
  try {
    const r = await f();
    console.log(label, "ok", typeof r === "boolean" ? r : "");
  } catch (e) {
    console.log(label, `${(e as Error).name}: ${(e as Error).message}`);
  }
};
await attempt("read missing", () => Deno.readTextFileSync("./no_such_file.txt"));
await attempt("read missing async", () => Deno.readTextFile("no_such_file.txt"));
await attempt("stat cwd", () => Deno.statSync(".").isDirectory);
await attempt("stat /", async () => (await Deno.stat("/")).isDirectory);
await attempt("readDir cwd", () => [...Deno.readDirSync(".")].length > 0);
await attempt("realPath cwd", () => Deno.realPathSync(".") === Deno.cwd());
await attempt("stat /dev/null", () => Deno.statSync("/dev/null").isCharDevice);
await attempt("read /dev/null", () => Deno.readFileSync("/dev/null").length === 0);
await attempt("read /proc", () => Deno.readTextFileSync("/proc/self/status"));
await attempt("read /proc async", () => Deno.readTextFile("/proc/self/status"));
await attempt("stat /proc", () => Deno.statSync("/proc/self/status"));
await attempt("lstat /proc", () => Deno.lstatSync("/proc"));
await attempt("readDir /proc", () => Deno.readDirSync("/proc/self"));
await attempt("readLink /proc", () => Deno.readLinkSync("/proc/self/exe"));
await attempt("realPath /sys", () => Deno.realPathSync("/sys"));
await attempt("stat /dev/zero", () => Deno.statSync("/dev/zero").isCharDevice);
await attempt("write", () => Deno.writeTextFileSync("out.txt", "x"));
await attempt("write /dev/null", () => Deno.writeTextFileSync("/dev/null", "x"));
await attempt("mkdir", () => Deno.mkdirSync("newdir"));
await attempt("rename", () => Deno.renameSync("from", "to"));
await attempt("copyFile", () => Deno.copyFileSync("from", "to"));
await attempt("link", () => Deno.linkSync("from", "to"));
await attempt("remove", () => Deno.removeSync("gone"));
await attempt("makeTempDir", () => Deno.makeTempDirSync());
await attempt("symlink", () => Deno.symlinkSync("a", "b"));
await attempt("truncate", () => Deno.truncateSync("a"));
