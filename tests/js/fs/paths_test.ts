// Paths: file: URLs, relative paths against the program's cwd (Deno.chdir),
// odd path values.
import { Shown } from "../shown.ts";

Deno.test("Paths: file: URLs, relative paths against the program's cwd (Deno.chdir), odd path values", async () => {
  const shown = new Shown();
  const dir = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "fs_paths_" }));
  const home = Deno.cwd();
  const show = (e: unknown) => {
    const err = e as Error;
    shown.at(1, [`${err.name}: ${err.message.replaceAll(dir, "<dir>")}`], ["NotFound: No such file or directory (os error 2): stat '<dir>/u'"], ["TypeError: Must be a file URL"], ["TypeError: Must be a file URL"], ["TypeError: Host must be empty"], ["NotFound: No such file or directory (os error 2): stat '<dir>/missing file'"], ["NotFound: No such file or directory (os error 2): readfile 'file://<dir>/with space %.txt'"], ["Error: Empty path is not allowed"], ["NotFound: No such file or directory (os error 2): readfile 'missing.txt'"], ["NotFound: No such file or directory (os error 2): readfile './sub/../missing.txt'"], ["NotFound: No such file or directory (os error 2): rename 'missing.txt' -> 'other.txt'"], ["Error: Empty path is not allowed"], ["Error: Empty path is not allowed"], ["TypeError: file name contained an unexpected NUL byte"], ["TypeError: file name contained an unexpected NUL byte"], ["NotFound: No such file or directory (os error 2): readfile '12345'"], ["NotFound: No such file or directory (os error 2): readfile 'undefined'"], ["NotFound: No such file or directory (os error 2): readfile '[object Object]'"], ["TypeError: Cannot convert a Symbol value to a string"]);
  };
  const attempt = async (f: () => unknown) => {
    try {
      const r = await f();
      shown.at(2, ["ok", typeof r === "string" ? r.replaceAll(dir, "<dir>") : r], ["ok", "<dir>/u/moved.txt"], ["ok", "<dir>/rel.txt"], ["ok", "<dir>"]);
    } catch (e) {
      show(e);
    }
  };
  try {
    // file: URLs, percent-decoded.
    const url = new URL(`file://${dir}/with space %.txt`);
    shown.at(3, [url.pathname.replace(dir, "<dir>")], ["<dir>/with%20space%20%.txt"]);
    Deno.writeTextFileSync(url, "via url");
    shown.at(4, [Deno.readTextFileSync(`${dir}/with space %.txt`)], ["via url"]);
    shown.at(5, [await Deno.readTextFile(url), Deno.statSync(url).size, (await Deno.lstat(url)).isFile], ["via url", 7, true]);
    await Deno.writeFile(new URL(`file://${dir}/b%C3%A9.bin`), new Uint8Array([1, 2]));
    shown.at(6, [Deno.readFileSync(`${dir}/b\u00e9.bin`)], [new Uint8Array([1, 2])]);
    Deno.mkdirSync(new URL(`file://${dir}/u/v`), { recursive: true });
    shown.at(7, [[...Deno.readDirSync(new URL(`file://${dir}/u`))].map((e) => e.name)], [["v"]]);
    Deno.copyFileSync(url, new URL(`file://${dir}/u/copy.txt`));
    Deno.renameSync(new URL(`file://${dir}/u/copy.txt`), new URL(`file://${dir}/u/moved.txt`));
    shown.at(8, [Deno.readTextFileSync(new URL(`file://${dir}/u/moved.txt`))], ["via url"]);
    await attempt(() => Deno.realPathSync(new URL(`file://${dir}/u/../u/moved.txt`)));
    Deno.removeSync(new URL(`file://${dir}/u`), { recursive: true });
    await attempt(() => Deno.statSync(new URL(`file://${dir}/u`)));
    await attempt(() => Deno.readTextFileSync(new URL("https://example.com/x.txt")));
    await attempt(() => Deno.readTextFile(new URL("https://example.com/x.txt")));
    await attempt(() => Deno.readTextFileSync(new URL("file://host/x.txt")));
    await attempt(() => Deno.statSync(new URL(`file://${dir}/missing%20file`)));
    // A string is a path, even when it looks like a URL.
    await attempt(() => Deno.readTextFileSync(`file://${dir}/with space %.txt`));

    // Relative paths resolve against the program's cwd.
    Deno.chdir(dir);
    Deno.writeTextFileSync("rel.txt", "relative");
    shown.at(9, [Deno.readTextFileSync(`${dir}/rel.txt`), Deno.readTextFileSync("./rel.txt")], ["relative", "relative"]);
    await attempt(() => Deno.realPathSync("rel.txt"));
    await attempt(() => Deno.realPath("."));
    Deno.mkdirSync("sub/deeper", { recursive: true });
    await Deno.writeTextFile("sub/deeper/../f.txt", "dots");
    shown.at(10, [Deno.readTextFileSync(`${dir}/sub/f.txt`)], ["dots"]);
    shown.at(11, [[...Deno.readDirSync("sub")].map((e) => e.name).sort()], [["deeper", "f.txt"]]);
    const t = Deno.makeTempFileSync({ dir: ".", prefix: "t" });
    shown.at(12, [t.replace(/[0-9a-f]{8,16}/, "<random>"), Deno.statSync(t).isFile], ["./t<random>", true]);
    await attempt(() => Deno.makeTempDirSync({ dir: "", prefix: "t" }));
    await attempt(() => Deno.readTextFileSync("missing.txt"));
    await attempt(() => Deno.readTextFile("./sub/../missing.txt"));
    await attempt(() => Deno.renameSync("missing.txt", "other.txt"));
    Deno.symlinkSync("rel.txt", "rel_link");
    shown.at(13, [Deno.readLinkSync("rel_link"), Deno.readTextFileSync("rel_link")], ["rel.txt", "relative"]);
    Deno.chdir(home);

    // Odd path values: converted to strings; NUL bytes and empty paths fail.
    await attempt(() => Deno.readTextFileSync(""));
    await attempt(() => Deno.statSync(""));
    await attempt(() => Deno.readTextFileSync("a\0b"));
    await attempt(() => Deno.writeTextFileSync(`${dir}/a\0b`, "x"));
    await attempt(() => Deno.readTextFileSync(12345 as unknown as string));
    await attempt(() => Deno.readTextFileSync(undefined as unknown as string));
    await attempt(() => Deno.readTextFileSync({} as unknown as string));
    await attempt(() => Deno.readTextFileSync(Symbol("s") as unknown as string));
  } finally {
    Deno.chdir(home);
    Deno.removeSync(dir, { recursive: true });
  }
  shown.done([3, 4, 5, 6, 7, 8, 2, 1, 1, 1, 1, 1, 1, 9, 2, 2, 10, 11, 12, 1, 1, 1, 1, 13, 1, 1, 1, 1, 1, 1, 1, 1]);
});
