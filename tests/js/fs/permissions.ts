// Without permissions every fs API throws NotCapable, naming the path as written.
const attempt = async (label: string, f: () => unknown) => {
  try {
    await f();
    console.log(label, "ok");
  } catch (e) {
    console.log(label, `${(e as Error).name}: ${(e as Error).message}`);
  }
};
await attempt("readTextFileSync", () => Deno.readTextFileSync("data.txt"));
await attempt("readTextFile", () => Deno.readTextFile("./data.txt"));
await attempt("readFileSync", () => Deno.readFileSync("/etc/hostname"));
await attempt("readFile", () => Deno.readFile("../x/../data.bin"));
await attempt("readFile url", () => Deno.readFile(new URL("file:///etc/a%20b")));
await attempt("writeTextFileSync", () => Deno.writeTextFileSync("out.txt", "x"));
await attempt("writeTextFile", () => Deno.writeTextFile("/tmp/out.txt", "x"));
await attempt("writeFileSync", () => Deno.writeFileSync("out.bin", new Uint8Array(1)));
await attempt("writeFile", () => Deno.writeFile("out.bin", new Uint8Array(1), { append: true }));
await attempt("statSync", () => Deno.statSync("."));
await attempt("stat", () => Deno.stat("/"));
await attempt("lstatSync", () => Deno.lstatSync("x"));
await attempt("lstat", () => Deno.lstat("x"));
await attempt("readDirSync", () => Deno.readDirSync("."));
await attempt("readDir", async () => {
  for await (const _ of Deno.readDir("sub")) console.log("never");
});
await attempt("mkdirSync", () => Deno.mkdirSync("newdir"));
await attempt("mkdir", () => Deno.mkdir("newdir/a", { recursive: true }));
await attempt("removeSync", () => Deno.removeSync("gone"));
await attempt("remove", () => Deno.remove("/tmp/gone", { recursive: true }));
await attempt("renameSync", () => Deno.renameSync("from", "to"));
await attempt("rename", () => Deno.rename("from", "to"));
await attempt("realPathSync", () => Deno.realPathSync("."));
await attempt("realPath", () => Deno.realPath("/tmp"));
await attempt("makeTempDirSync", () => Deno.makeTempDirSync());
await attempt("makeTempDir", () => Deno.makeTempDir({ prefix: "x" }));
await attempt("makeTempFileSync", () => Deno.makeTempFileSync({ dir: "." }));
await attempt("makeTempFile", () => Deno.makeTempFile({ dir: "/tmp" }));
await attempt("makeTempFile bad prefix", () => Deno.makeTempFile({ dir: "/tmp", prefix: "a/" }));
await attempt("copyFileSync", () => Deno.copyFileSync("a", "b"));
await attempt("copyFile", () => Deno.copyFile("a", "b"));
await attempt("readLinkSync", () => Deno.readLinkSync("a"));
await attempt("readLink", () => Deno.readLink("a"));
await attempt("symlinkSync", () => Deno.symlinkSync("a", "b"));
await attempt("symlink", () => Deno.symlink("a", "b"));
await attempt("linkSync", () => Deno.linkSync("a", "b"));
await attempt("truncateSync", () => Deno.truncateSync("a"));
await attempt("truncate", () => Deno.truncate("a", 3));
await attempt("chmodSync", () => Deno.chmodSync("a", 0o644));
await attempt("chmod", () => Deno.chmod("a", 0o644));
await attempt("chownSync", () => Deno.chownSync("a", null, null));
await attempt("utimeSync", () => Deno.utimeSync("a", 0, 0));
await attempt("utime", () => Deno.utime("a", 0, 0));
