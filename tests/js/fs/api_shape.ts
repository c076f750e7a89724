// The shape of the fs part of the Deno namespace: names, arities, which
// functions are async, which errors are thrown synchronously, lazy readDir.
const names = [
  "readFile", "readFileSync", "readTextFile", "readTextFileSync", "writeFile", "writeFileSync",
  "writeTextFile", "writeTextFileSync", "stat", "statSync", "lstat", "lstatSync", "readDir", "readDirSync",
  "mkdir", "mkdirSync", "remove", "removeSync", "rename", "renameSync", "realPath", "realPathSync",
  "makeTempDir", "makeTempDirSync", "makeTempFile", "makeTempFileSync", "copyFile", "copyFileSync",
  "readLink", "readLinkSync", "symlink", "symlinkSync", "truncate", "truncateSync", "chmod", "chmodSync",
  "chown", "chownSync", "link", "linkSync", "utime", "utimeSync",
];
const ns = Deno as unknown as Record<string, (...args: unknown[]) => unknown>;
for (const n of names) {
  const f = ns[n];
  const desc = Object.getOwnPropertyDescriptor(Deno, n)!;
  console.log(n, typeof f, f.name, f.length, desc.enumerable, desc.writable, f.constructor.name);
}

const dir = Deno.makeTempDirSync({ prefix: "fs_shape_" });
try {
  // Non-async APIs throw argument errors synchronously.
  for (const [label, f] of [
    ["makeTempDir(null)", () => Deno.makeTempDir(null as unknown as undefined)],
    ["makeTempFile(null)", () => Deno.makeTempFile(null as unknown as undefined)],
    ["writeTextFile(symbol)", () => Deno.writeTextFile(`${dir}/x`, Symbol() as unknown as string)],
  ] as const) {
    try {
      const p = f();
      console.log(label, "returned", Object.prototype.toString.call(p));
      await (p as Promise<unknown>)?.catch?.(() => {});
    } catch (e) {
      console.log(label, "threw", (e as Error).name);
    }
  }
  // Async APIs reject instead.
  for (const [label, f] of [
    ["writeFile(null options)", () => Deno.writeFile(`${dir}/x`, new Uint8Array(1), null as unknown as undefined)],
    ["writeTextFile(null options)", () => Deno.writeTextFile(`${dir}/x`, "x", null as unknown as undefined)],
    ["remove(null options)", () => Deno.remove(`${dir}/x`, null as unknown as undefined)],
    ["writeFile(string)", () => Deno.writeFile(`${dir}/x`, "text" as unknown as Uint8Array)],
  ] as const) {
    try {
      await f();
      console.log(label, "resolved");
    } catch (e) {
      console.log(label, "rejected", (e as Error).name, (e as Error).message);
    }
  }
  // readDir lists when the iteration starts, and anew for each iteration.
  const listing = Deno.readDir(dir);
  await new Promise((resolve) => setTimeout(resolve, 20));
  Deno.writeTextFileSync(`${dir}/late.txt`, "late");
  const first = [];
  for await (const e of listing) first.push(e.name);
  Deno.writeTextFileSync(`${dir}/later.txt`, "later");
  const second = [];
  for await (const e of listing) second.push(e.name);
  console.log(first.sort(), second.sort());
  // Not iterating a failing listing is no error.
  Deno.readDir(`${dir}/missing`);
  await new Promise((resolve) => setTimeout(resolve, 20));
  console.log("no unhandled rejection");
} finally {
  Deno.removeSync(dir, { recursive: true });
}
