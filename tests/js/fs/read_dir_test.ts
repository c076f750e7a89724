// Deno.readDir/readDirSync: entries, their shape, iteration protocol, errors.
import { inspected, Shown } from "../shown.ts";

Deno.test("Deno.readDir/readDirSync: entries, their shape, iteration protocol, errors", async () => {
  const shown = new Shown();
  const dir = Deno.makeTempDirSync({ prefix: "fs_readdir_" });
  const show = (e: unknown) => {
    const err = e as Error;
    shown.at(1, [`${err.name}: ${err.message.replaceAll(dir, "<dir>")}`], ["NotFound: No such file or directory (os error 2): readdir '<dir>/missing'"], ["NotADirectory: Not a directory (os error 20): readdir '<dir>/a.txt'"], ["NotFound: No such file or directory (os error 2): readdir '<dir>/missing'"], ["NotADirectory: Not a directory (os error 20): readdir '<dir>/b.txt'"]);
  };
  const byName = (a: Deno.DirEntry, b: Deno.DirEntry) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  try {
    Deno.writeTextFileSync(`${dir}/b.txt`, "b");
    Deno.writeTextFileSync(`${dir}/a.txt`, "a");
    Deno.mkdirSync(`${dir}/sub`);
    Deno.writeTextFileSync(`${dir}/sub/inner.txt`, "inner");
    Deno.symlinkSync("a.txt", `${dir}/link`);
    Deno.symlinkSync("sub", `${dir}/dirlink`);
    Deno.writeTextFileSync(`${dir}/caf\u00e9 \u{1f600}.txt`, "x");

    const it = Deno.readDirSync(dir);
    shown.at(2, [Object.prototype.toString.call(it), typeof it.next, typeof it[Symbol.iterator]], ["[object Array Iterator]", "function", "function"]);
    const entries = [...it].sort(byName);
    shown.at(3, [entries], [inspected("[\n  [Object: null prototype] {\n    name: \"a.txt\",\n    isFile: true,\n    isDirectory: false,\n    isSymlink: false\n  },\n  [Object: null prototype] {\n    name: \"b.txt\",\n    isFile: true,\n    isDirectory: false,\n    isSymlink: false\n  },\n  [Object: null prototype] {\n    name: \"café 😀.txt\",\n    isFile: true,\n    isDirectory: false,\n    isSymlink: false\n  },\n  [Object: null prototype] {\n    name: \"dirlink\",\n    isFile: false,\n    isDirectory: false,\n    isSymlink: true\n  },\n  [Object: null prototype] {\n    name: \"link\",\n    isFile: false,\n    isDirectory: false,\n    isSymlink: true\n  },\n  [Object: null prototype] {\n    name: \"sub\",\n    isFile: false,\n    isDirectory: true,\n    isSymlink: false\n  }\n]")]);
    shown.at(4, [Object.getPrototypeOf(entries[0]), Object.keys(entries[0]).join(",")], [null, "name,isFile,isDirectory,isSymlink"]);

    const asyncIt = Deno.readDir(dir);
    shown.at(5, [typeof asyncIt[Symbol.asyncIterator]], ["function"]);
    const names: string[] = [];
    for await (const e of asyncIt) names.push(`${e.name}:${e.isFile ? "f" : ""}${e.isDirectory ? "d" : ""}${e.isSymlink ? "l" : ""}`);
    shown.at(6, [names.sort().join(" ")], ["a.txt:f b.txt:f café 😀.txt:f dirlink:l link:l sub:d"]);

    shown.at(7, [[...Deno.readDirSync(`${dir}/sub`)].map((e) => e.name)], [["inner.txt"]]);
    Deno.mkdirSync(`${dir}/empty`);
    shown.at(8, [[...Deno.readDirSync(`${dir}/empty`)]], [[]]);
    // A trailing slash is fine.
    shown.at(9, [[...Deno.readDirSync(`${dir}/sub/`)].length], [1]);

    try {
      Deno.readDirSync(`${dir}/missing`);
    } catch (e) {
      show(e);
    }
    try {
      Deno.readDirSync(`${dir}/a.txt`);
    } catch (e) {
      show(e);
    }
    try {
      for await (const _ of Deno.readDir(`${dir}/missing`)) shown.at(10, ["never"]);
    } catch (e) {
      show(e);
    }
    try {
      for await (const _ of Deno.readDir(`${dir}/b.txt`)) shown.at(11, ["never"]);
    } catch (e) {
      show(e);
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
  shown.done([2, 3, 4, 5, 6, 7, 8, 9, 1, 1, 1, 1]);
});
