// The shape of the fs part of the Deno namespace: names, arities, which
// functions are async, which errors are thrown synchronously, lazy readDir.
import { Shown } from "../shown.ts";

Deno.test("The shape of the fs part of the Deno namespace: names, arities, which functions are async, which errors are thrown synchronously, lazy readDir", async () => {
  const shown = new Shown();
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
    shown.at(1, [n, typeof f, f.name, f.length, desc.enumerable, desc.writable, f.constructor.name], ["readFile", "function", "readFile", 2, true, true, "AsyncFunction"], ["readFileSync", "function", "readFileSync", 1, true, true, "Function"], ["readTextFile", "function", "readTextFile", 2, true, true, "AsyncFunction"], ["readTextFileSync", "function", "readTextFileSync", 1, true, true, "Function"], ["writeFile", "function", "writeFile", 2, true, true, "AsyncFunction"], ["writeFileSync", "function", "writeFileSync", 2, true, true, "Function"], ["writeTextFile", "function", "writeTextFile", 2, true, true, "Function"], ["writeTextFileSync", "function", "writeTextFileSync", 2, true, true, "Function"], ["stat", "function", "stat", 1, true, true, "AsyncFunction"], ["statSync", "function", "statSync", 1, true, true, "Function"], ["lstat", "function", "lstat", 1, true, true, "AsyncFunction"], ["lstatSync", "function", "lstatSync", 1, true, true, "Function"], ["readDir", "function", "readDir", 1, true, true, "Function"], ["readDirSync", "function", "readDirSync", 1, true, true, "Function"], ["mkdir", "function", "mkdir", 2, true, true, "AsyncFunction"], ["mkdirSync", "function", "mkdirSync", 2, true, true, "Function"], ["remove", "function", "remove", 1, true, true, "AsyncFunction"], ["removeSync", "function", "removeSync", 1, true, true, "Function"], ["rename", "function", "rename", 2, true, true, "AsyncFunction"], ["renameSync", "function", "renameSync", 2, true, true, "Function"], ["realPath", "function", "realPath", 1, true, true, "Function"], ["realPathSync", "function", "realPathSync", 1, true, true, "Function"], ["makeTempDir", "function", "makeTempDir", 0, true, true, "Function"], ["makeTempDirSync", "function", "makeTempDirSync", 0, true, true, "Function"], ["makeTempFile", "function", "makeTempFile", 0, true, true, "Function"], ["makeTempFileSync", "function", "makeTempFileSync", 0, true, true, "Function"], ["copyFile", "function", "copyFile", 2, true, true, "AsyncFunction"], ["copyFileSync", "function", "copyFileSync", 2, true, true, "Function"], ["readLink", "function", "readLink", 1, true, true, "Function"], ["readLinkSync", "function", "readLinkSync", 1, true, true, "Function"], ["symlink", "function", "symlink", 3, true, true, "AsyncFunction"], ["symlinkSync", "function", "symlinkSync", 3, true, true, "Function"], ["truncate", "function", "truncate", 2, true, true, "AsyncFunction"], ["truncateSync", "function", "truncateSync", 2, true, true, "Function"], ["chmod", "function", "chmod", 2, true, true, "AsyncFunction"], ["chmodSync", "function", "chmodSync", 2, true, true, "Function"], ["chown", "function", "chown", 3, true, true, "AsyncFunction"], ["chownSync", "function", "chownSync", 3, true, true, "Function"], ["link", "function", "link", 2, true, true, "AsyncFunction"], ["linkSync", "function", "linkSync", 2, true, true, "Function"], ["utime", "function", "utime", 3, true, true, "AsyncFunction"], ["utimeSync", "function", "utimeSync", 3, true, true, "Function"]);
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
        shown.at(2, [label, "returned", Object.prototype.toString.call(p)]);
        await (p as Promise<unknown>)?.catch?.(() => {});
      } catch (e) {
        shown.at(3, [label, "threw", (e as Error).name], ["makeTempDir(null)", "threw", "TypeError"], ["makeTempFile(null)", "threw", "TypeError"], ["writeTextFile(symbol)", "threw", "TypeError"]);
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
        shown.at(4, [label, "resolved"]);
      } catch (e) {
        shown.at(5, [label, "rejected", (e as Error).name, (e as Error).message], ["writeFile(null options)", "rejected", "TypeError", "Cannot read properties of null (reading 'signal')"], ["writeTextFile(null options)", "rejected", "TypeError", "Cannot read properties of null (reading 'signal')"], ["remove(null options)", "rejected", "TypeError", "Cannot read properties of null (reading 'recursive')"], ["writeFile(string)", "rejected", "TypeError", "expected type `Uint8Array`, got `string`"]);
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
    shown.at(6, [first.sort(), second.sort()], [["late.txt"], ["late.txt", "later.txt"]]);
    // Not iterating a failing listing is no error.
    Deno.readDir(`${dir}/missing`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    shown.at(7, ["no unhandled rejection"], ["no unhandled rejection"]);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
  shown.done([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 3, 3, 5, 5, 5, 5, 6, 7]);
});
