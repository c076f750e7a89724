// Deno.readFile/readTextFile/writeFile/writeTextFile, sync and async, with options.
import { Shown } from "../shown.ts";

Deno.test("Deno.readFile/readTextFile/writeFile/writeTextFile, sync and async, with options", async () => {
  const shown = new Shown();
  const dir = Deno.makeTempDirSync({ prefix: "fs_rw_" });
  const show = (e: unknown) => {
    const err = e as Error;
    shown.at(1, [`${err.name}: ${err.message.replaceAll(dir, "<dir>")}`], ["NotFound: No such file or directory (os error 2): writefile '<dir>/missing.txt'"], ["AlreadyExists: File exists (os error 17): writefile '<dir>/a.txt'"], ["TypeError: expected u32"], ["AlreadyExists: File exists (os error 17): writefile '<dir>/async.txt'"], ["NotFound: No such file or directory (os error 2): writefile '<dir>/nope/x.bin'"], ["NotFound: No such file or directory (os error 2): readfile '<dir>/nope.txt'"], ["IsADirectory: Is a directory (os error 21): readfile '<dir>'"]);
  };
  const mode = (p: string) => (Deno.statSync(p).mode! & 0o7777).toString(8);
  try {
    const a = `${dir}/a.txt`;
    Deno.writeTextFileSync(a, "hello");
    shown.at(2, [Deno.readTextFileSync(a)], ["hello"]);
    Deno.writeTextFileSync(a, " world", { append: true });
    shown.at(3, [Deno.readTextFileSync(a)], ["hello world"]);
    Deno.writeTextFileSync(a, "!", { append: true, create: false });
    shown.at(4, [Deno.readTextFileSync(a)], ["hello world!"]);
    Deno.writeTextFileSync(a, "replaced");
    shown.at(5, [Deno.readTextFileSync(a)], ["replaced"]);

    // Bytes round trip, including every byte value.
    const bytes = new Uint8Array(256).map((_, i) => i);
    Deno.writeFileSync(`${dir}/b.bin`, bytes);
    const back = Deno.readFileSync(`${dir}/b.bin`);
    shown.at(6, [back instanceof Uint8Array, back.length, back[0], back[255], back.every((v, i) => v === i)], [true, 256, 0, 255, true]);
    // A view into a larger buffer writes only its own bytes.
    Deno.writeFileSync(`${dir}/c.bin`, new Uint8Array([1, 2, 3, 4, 5]).subarray(1, 4));
    shown.at(7, [Deno.readFileSync(`${dir}/c.bin`)], [new Uint8Array([2, 3, 4])]);
    // A Uint8Array subclass is a Uint8Array.
    class Bytes extends Uint8Array {}
    Deno.writeFileSync(`${dir}/c.bin`, new Bytes([9, 8]));
    shown.at(8, [Deno.readFileSync(`${dir}/c.bin`)], [new Uint8Array([9, 8])]);
    Deno.writeFileSync(`${dir}/empty`, new Uint8Array(0));
    shown.at(9, [Deno.readFileSync(`${dir}/empty`), JSON.stringify(Deno.readTextFileSync(`${dir}/empty`))], [new Uint8Array([]), "\"\""]);

    // Text: UTF-8 out, invalid UTF-8 in becomes U+FFFD, a BOM is kept.
    Deno.writeTextFileSync(`${dir}/u.txt`, "h\u00e9llo \u{1f600} \ud800!");
    shown.at(10, [Array.from(Deno.readFileSync(`${dir}/u.txt`)).join(",")], ["104,195,169,108,108,111,32,240,159,152,128,32,239,191,189,33"]);
    Deno.writeFileSync(`${dir}/bad.txt`, new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xff, 0x42, 0xc3]));
    shown.at(11, [JSON.stringify(Deno.readTextFileSync(`${dir}/bad.txt`))], ["\"﻿A�B�\""]);
    // writeTextFile converts its data to a string.
    Deno.writeTextFileSync(`${dir}/n.txt`, 42 as unknown as string);
    shown.at(12, [Deno.readTextFileSync(`${dir}/n.txt`)], ["42"]);
    Deno.writeTextFileSync(`${dir}/n.txt`, undefined as unknown as string);
    shown.at(13, [JSON.stringify(Deno.readTextFileSync(`${dir}/n.txt`))], ["\"\""]);
    Deno.writeTextFileSync(`${dir}/n.txt`, null as unknown as string);
    shown.at(14, [Deno.readTextFileSync(`${dir}/n.txt`)], ["null"]);

    // create: false and createNew.
    try {
      Deno.writeTextFileSync(`${dir}/missing.txt`, "x", { create: false });
    } catch (e) {
      show(e);
    }
    shown.at(15, [Deno.statSync(a).isFile], [true]);
    try {
      Deno.writeTextFileSync(a, "x", { createNew: true });
    } catch (e) {
      show(e);
    }
    Deno.writeTextFileSync(`${dir}/new.txt`, "fresh", { createNew: true });
    shown.at(16, [Deno.readTextFileSync(`${dir}/new.txt`)], ["fresh"]);
    // createNew wins over create: false.
    Deno.writeTextFileSync(`${dir}/new2.txt`, "fresh2", { createNew: true, create: false });
    shown.at(17, [Deno.readTextFileSync(`${dir}/new2.txt`)], ["fresh2"]);

    // mode: applied exactly (no umask), also to an existing file.
    Deno.writeTextFileSync(`${dir}/m.txt`, "m", { mode: 0o600 });
    shown.at(18, [mode(`${dir}/m.txt`)], ["600"]);
    Deno.writeTextFileSync(`${dir}/m.txt`, "m", { mode: 0o640 });
    shown.at(19, [mode(`${dir}/m.txt`)], ["640"]);
    Deno.writeFileSync(`${dir}/m.txt`, new Uint8Array([1]), { mode: 0o777 });
    shown.at(20, [mode(`${dir}/m.txt`)], ["777"]);
    try {
      Deno.writeTextFileSync(`${dir}/m.txt`, "m", { mode: "0o644" as unknown as number });
    } catch (e) {
      show(e);
    }

    // Async flavours.
    await Deno.writeTextFile(`${dir}/async.txt`, "async");
    await Deno.writeTextFile(`${dir}/async.txt`, " more", { append: true });
    shown.at(21, [await Deno.readTextFile(`${dir}/async.txt`)], ["async more"]);
    await Deno.writeFile(`${dir}/async.bin`, new Uint8Array([7, 7, 7]));
    shown.at(22, [await Deno.readFile(`${dir}/async.bin`)], [new Uint8Array([7, 7, 7])]);
    await Deno.writeFile(`${dir}/async.bin`, new Uint8Array([1]), { append: true, mode: 0o600 });
    shown.at(23, [await Deno.readFile(`${dir}/async.bin`), mode(`${dir}/async.bin`)], [new Uint8Array([7, 7, 7, 1]), "600"]);
    try {
      await Deno.writeTextFile(`${dir}/async.txt`, "x", { createNew: true });
    } catch (e) {
      show(e);
    }
    try {
      await Deno.writeFile(`${dir}/nope/x.bin`, new Uint8Array(1));
    } catch (e) {
      show(e);
    }
    try {
      await Deno.readTextFile(`${dir}/nope.txt`);
    } catch (e) {
      show(e);
    }
    try {
      await Deno.readFile(dir);
    } catch (e) {
      show(e);
    }
    // Read options are accepted (and null is fine).
    shown.at(24, [(await Deno.readFile(`${dir}/async.bin`, null as unknown as undefined)).length], [4]);
    shown.at(25, [await Deno.readTextFile(`${dir}/async.txt`, {})], ["async more"]);

    // Many concurrent operations.
    await Promise.all(Array.from({ length: 20 }, (_, i) => Deno.writeTextFile(`${dir}/p${i}.txt`, `${i}`)));
    const texts = await Promise.all(Array.from({ length: 20 }, (_, i) => Deno.readTextFile(`${dir}/p${i}.txt`)));
    shown.at(26, [texts.join(" ")], ["0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19"]);

    // A larger file.
    const big = new Uint8Array(3 * 1024 * 1024 + 7).fill(97);
    Deno.writeFileSync(`${dir}/big`, big);
    shown.at(27, [Deno.readFileSync(`${dir}/big`).length, (await Deno.readTextFile(`${dir}/big`)).length], [3145735, 3145735]);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
  shown.done([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 1, 15, 1, 16, 17, 18, 19, 20, 1, 21, 22, 23, 1, 1, 1, 1, 24, 25, 26, 27]);
});
